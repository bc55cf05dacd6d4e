/* Fold accents out of the words of a search, as the index was built (rentoy.sphinxext.search):
   "señas" and "senas" find the same pages. Sphinx adds this file's code to the search page
   after the English stemmer, and keeps its own scorer (no Scorer is defined here). */
(function () {
  var Base = window.Stemmer;
  if (typeof Base !== "function") { return; }
  window.Stemmer = function () {
    var stemmer = new Base();
    this.stemWord = function (word) {
      return stemmer.stemWord(word.normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
    };
  };
})();

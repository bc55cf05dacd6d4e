/* A link to a folded branch of a worked example opens it (and the branches it continues). */
(function () {
  function openTarget() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id && document.getElementById(id);
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") { node.open = true; }
    }
  }
  window.addEventListener("hashchange", openTarget);
  document.addEventListener("DOMContentLoaded", openTarget);
})();

/* A figure that scrolls sideways says so, while it does (the width changes with the
   screen and the phone's turning). */
(function () {
  function mark() {
    document.querySelectorAll("div.rentoy-scroll").forEach(function (box) {
      box.classList.toggle("rentoy-overflowing", box.scrollWidth > box.clientWidth + 1);
    });
  }
  // A figure drawn about its middle (the family of games) opens on its middle, not on
  // its left edge, where a phone would show the margins of the tree first.
  function centre() {
    document.querySelectorAll("div.rentoy-scroll").forEach(function (box) {
      if (box.querySelector("svg.rentoy-family") && box.scrollWidth > box.clientWidth + 1) {
        box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
      }
    });
  }
  window.addEventListener("resize", mark);
  document.addEventListener("DOMContentLoaded", function () { mark(); centre(); });
})();

/* A printed page shows every folded branch; the page is folded again afterwards. */
(function () {
  var opened = [];
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details:not([open])").forEach(function (box) {
      box.open = true;
      opened.push(box);
    });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (box) { box.open = false; });
    opened = [];
  });
})();

/* A tap on a card shows its name (a touch screen has no hover for the tooltip); a tap
   elsewhere hides it. */
(function () {
  document.addEventListener("click", function (event) {
    var card = event.target.closest && event.target.closest("abbr.rentoy-card, abbr.rentoy-face");
    document.querySelectorAll("abbr.rentoy-named").forEach(function (other) {
      if (other !== card) { other.classList.remove("rentoy-named"); }
    });
    if (card) { card.classList.toggle("rentoy-named"); }
  });
})();

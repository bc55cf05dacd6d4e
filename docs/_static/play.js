// The Play page: a seat at the table. This script only draws and forwards clicks and keys;
// the game (rules, bots, words, refusals, the record) is this project's Python engine,
// running in a worker (play-worker.mjs) on the Pyodide runtime served by this site. Nothing
// is loaded before the reader starts a game, and nothing is loaded from anywhere else.
// Every word it shows comes from the page (the JSON of #rentoy-play-words, written by the
// site's build in its language); the script only fills in their {placeholders}.

const root = document.getElementById("rentoy-play");
if (root) {
  setUp(root);
}

function setUp(root) {
  const manifest = window.RENTOY_PLAY_MANIFEST || null;
  const source = document.getElementById("rentoy-play-words");
  const W = source ? JSON.parse(source.textContent) : {};
  // A word of the page with its placeholders filled in: as text (words), or as the pieces
  // to append (pieces), where a value may be an element.
  const pieces = (key, values = {}) => fill(W[key] ?? key, values);
  const words = (key, values = {}) => pieces(key, values)
    .map((p) => (typeof p === "string" ? p : p.textContent)).join("");
  const decimal = new Intl.NumberFormat(W.language || "en",
    { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const megabytes = (n) => words("megabytes", { size: decimal.format(n / 1e6) });
  const seconds = (ms) => words("seconds", { time: decimal.format(ms / 1000) });
  // The calls' keys, and the word each sends (read by the engine as typed at the table).
  const calls = W.keys_by_kind || {};
  const KEYS = Object.fromEntries(Object.values(calls).map((c) => [c.key.toLowerCase(), c.word]));
  const NEXT = (W.next_key || "N").toLowerCase();
  const site = new URL(root.dataset.root || "./", window.location.href);
  const statics = new URL("_static/", site);
  const form = root.querySelector("form.rentoy-play-setup");
  const status = root.querySelector(".rentoy-play-status");
  const table = root.querySelector(".rentoy-play-table");
  // What happens at the table, said once for a screen reader (the table is redrawn).
  const announce = document.createElement("div");
  announce.className = "rentoy-play-announce";
  announce.setAttribute("aria-live", "polite");
  root.append(announce);
  const query = new URLSearchParams(window.location.search);
  const S = {
    worker: null, loading: null, data: null, pending: new Map(), next: 1,
    view: null, held: null, result: null, refusal: null, log: [], timings: [], keyboard: false,
    timer: null, busy: false, pace: 700, config: null, game: 0,
  };
  // For the page's own tests and benchmark: what happened, read-only.
  window.rentoyPlay = {
    timings: S.timings,
    state: () => root.dataset.state,
    view: () => S.view,
  };

  const settings = new Map(((manifest && manifest.variants) || []).map((v) => [v.id, v]));
  const field = (name) => form.elements.namedItem(name);
  const setState = (name) => { root.dataset.state = name; };
  setState("setup");

  // ---- The choices before a game --------------------------------------------------------

  function fillSelect(select, values, chosen) {
    select.replaceChildren(...values.map(([value, text]) => {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = text;
      option.selected = String(value) === String(chosen);
      return option;
    }));
  }

  function variantChosen(keepPlayers) {
    const v = settings.get(field("variant").value);
    if (!v) {
      return;
    }
    const players = keepPlayers && v.players.includes(Number(field("players").value))
      ? Number(field("players").value) : v.default_players;
    fillSelect(field("players"), v.players.map((n) => [n, String(n)]), players);
    seatsChosen();
    const box = form.querySelector(".rentoy-play-options");
    const legend = box.querySelector("legend");
    box.replaceChildren(legend, ...v.options.map((o) => {
      const label = document.createElement("label");
      label.className = "rentoy-play-option";
      const input = document.createElement("input");
      input.type = "checkbox";
      input.name = "option";
      input.value = o.id;
      label.append(input, ` ${o.id}`);
      const note = document.createElement("span");
      note.className = "rentoy-play-hint";
      const status = (W.statuses || {})[o.status] || o.status;
      note.textContent = o.name !== o.id ? words("option_note", { name: o.name, status })
        : status;
      label.append(note);
      return label;
    }));
    box.hidden = v.options.length === 0;
  }

  function seatsChosen() {
    const n = Number(field("players").value);
    const seat = Math.min(Number(field("seat").value) || 0, n - 1);
    fillSelect(field("seat"), Array.from({ length: n }, (_, s) =>
      [s, s === 0 ? words("seat_first", { seat: s })
        : words("seat_team", { seat: s, team: s % 2 ? "B" : "A" })]), seat);
  }

  field("variant").addEventListener("change", () => { dropDeal(); variantChosen(false); });
  field("players").addEventListener("change", () => { dropDeal(); seatsChosen(); });

  // A variant, options, a table and a first deal chosen by a link ("Play this deal").
  if (settings.size) {
    const asked = query.get("variant");
    if (asked && settings.has(asked)) {
      field("variant").value = asked;
    } else if (!settings.has(field("variant").value)) {
      field("variant").value = settings.keys().next().value;
    }
    variantChosen(false);
    if (query.get("players")) {
      field("players").value = query.get("players");
      seatsChosen();
    }
    for (const id of (query.get("options") || "").split(",").filter(Boolean)) {
      const box = form.querySelector(`input[name="option"][value="${CSS.escape(id)}"]`);
      if (box) {
        box.checked = true;
      }
    }
    for (const name of ["seat", "partners", "opponents", "seed", "pace"]) {
      if (query.get(name) !== null && field(name)) {
        field(name).value = query.get(name);
      }
    }
  }
  let deal = null;
  if (query.get("deal") && query.get("up")) {
    deal = {
      hands: query.get("deal").split(";").map((h) => h.split(",").filter(Boolean)),
      up: query.get("up"),
      dealer: query.get("dealer") === null ? null : Number(query.get("dealer")),
      score: (query.get("score") || "0-0").split("-").map(Number),
      title: query.get("title") || words("deal_untitled"),
    };
    const line = form.querySelector(".rentoy-play-deal");
    line.hidden = false;
    line.textContent = words("deal", {
      title: deal.title,
      dealer: deal.dealer === null ? "" : words("deal_dealer", { seat: deal.dealer }),
      score: deal.score[0] || deal.score[1]
        ? words("deal_score", { a: deal.score[0], b: deal.score[1] }) : "",
    });
    const clear = button(words("deal_clear"), () => dropDeal());
    clear.classList.add("rentoy-play-small");
    line.append(clear);
  }
  function dropDeal() {
    deal = null;
    form.querySelector(".rentoy-play-deal").hidden = true;
  }

  const note = form.querySelector(".rentoy-play-download");
  const missing = !manifest || !manifest.runtime || !manifest.wheel;
  if (missing) {
    const why = manifest ? manifest.missing : words("missing_files");
    note.classList.add("rentoy-play-missing");
    note.replaceChildren(...pieces("missing", {
      why, install: code("pip install rentoy"), play: code("rentoy play 1737"),
      page: link(words("missing_page"), new URL("play-a-game.html", site)),
    }));
    form.querySelector("button[type=submit]").disabled = true;
    setState("missing");
  } else {
    const total = manifest.runtime.bytes + manifest.wheel.bytes + manifest.data.bytes;
    note.textContent = words("download", {
      total: megabytes(total), version: manifest.runtime.version,
      runtime: megabytes(manifest.runtime.bytes), engine: megabytes(manifest.wheel.bytes),
      data: megabytes(manifest.data.bytes),
    });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!missing) {
      startGame();
    }
  });

  // ---- The worker -----------------------------------------------------------------------

  function call(op, payload = {}) {
    const id = S.next++;
    return new Promise((resolve) => {
      S.pending.set(id, resolve);
      S.worker.postMessage({ id, op, ...payload });
    });
  }

  function loadEngine() {
    if (S.loading) {
      return S.loading;
    }
    S.worker = new Worker(new URL("play-worker.mjs", statics), { type: "module" });
    S.worker.onmessage = (event) => {
      const resolve = S.pending.get(event.data.id);
      S.pending.delete(event.data.id);
      if (resolve) {
        resolve(event.data.reply);
      }
    };
    S.worker.onerror = (event) => {
      event.preventDefault();
      for (const resolve of S.pending.values()) {
        resolve({ error: words("stopped", { problem: event.message || words("worker_error") }) });
      }
      S.pending.clear();
    };
    const began = performance.now();
    const data = fetch(new URL(`play/${manifest.data.file}`, statics)).then((r) => {
      if (!r.ok) {
        throw new Error(words("no_variants", { status: r.status }));
      }
      return r.json();
    });
    const engine = call("load", {
      runtime: new URL("pyodide/", statics).href,
      wheel: new URL(`play/${manifest.wheel.file}`, statics).href,
      words: { no_wheel: W.no_wheel, not_started: W.not_started },
    });
    S.loading = Promise.all([data, engine]).then(([d, loaded]) => {
      if (loaded.error) {
        throw new Error(loaded.error);
      }
      S.data = d;
      S.loadMs = performance.now() - began;
      return d;
    });
    S.loading.catch(() => { S.loading = null; });
    return S.loading;
  }

  async function startGame() {
    clearTimeout(S.timer);
    const v = settings.get(field("variant").value);
    let seed = field("seed").value.trim();
    if (!/^\d+$/.test(seed)) {
      seed = String(Math.floor(Math.random() * 1e6));
      field("seed").value = seed;
    }
    S.pace = Number(field("pace").value);
    const options = [...form.querySelectorAll('input[name="option"]:checked')].map((i) => i.value);
    S.config = {
      variant: v.id, options, players: Number(field("players").value),
      seat: Number(field("seat").value),
      bots: [field("partners").value, field("opponents").value], seed: Number(seed),
      language: W.language || "en",
    };
    form.querySelector("button[type=submit]").disabled = true;
    setState("loading");
    const first = !S.data;
    say(words(first ? "loading" : "dealing"), true);
    try {
      await loadEngine();
    } catch (error) {
      say(words("no_engine", { problem: error.message, command: `rentoy play ${v.id}` }));
      form.querySelector("button[type=submit]").disabled = false;
      setState("setup");
      return;
    }
    const request = { ...S.config, variant: S.data.variants[v.id] };
    if (deal && deal.hands.length === S.config.players) {
      Object.assign(request, { deal: { hands: deal.hands, up: deal.up }, dealer: deal.dealer,
        score: deal.score });
    }
    const reply = await call("new", { request });
    form.querySelector("button[type=submit]").disabled = false;
    if (reply.error) {
      say(words("no_game", { problem: reply.error }));
      setState("setup");
      return;
    }
    S.log = [];
    S.timings.length = 0;
    S.held = S.result = S.refusal = null;
    S.game += 1;
    say(first ? words("ready", { time: seconds(S.loadMs) }) : "");
    form.hidden = true;
    table.hidden = false;
    take(reply);
    render();
    table.querySelector(".rentoy-play-head").focus();
    proceed();
  }

  // ---- Playing --------------------------------------------------------------------------

  // Take in a reply: its events into the log, a finished hand held for the reader.
  function take(reply) {
    let previous = null;
    for (const event of reply.events || []) {
      S.log.push(event);
      if (event.think_ms !== undefined) {
        S.timings.push({ bot: event.bot, ms: event.think_ms, wall_ms: reply.wall_ms });
      }
      if (event.kind === "hand") {
        // The trick that ended the hand (none after a fold), and the table as it was.
        S.result = { event, trick: previous && previous.trick ? previous.trick : null };
        S.held = S.view;
      }
      previous = event;
    }
    if (reply.view) {
      S.view = reply.view;
    }
    const said = (reply.events || []).map((e) => e.lines.join(" ")).join(" ");
    if (said) {
      announce.textContent = said;
    }
  }

  function proceed() {
    clearTimeout(S.timer);
    const v = S.view;
    if (S.result) {
      setState(S.result.event.over ? "over" : "hand-over");
      return;
    }
    if (v.over) {
      setState("over");
      return;
    }
    if (v.waiting) {
      setState("your-turn");
      focusFirst();
      return;
    }
    setState("bots");
    S.timer = setTimeout(step, S.pace);
  }

  async function step() {
    if (S.busy) {
      return;
    }
    S.busy = true;
    markThinking(true);
    const game = S.game;
    const reply = await call("step");
    S.busy = false;
    if (game !== S.game || table.hidden) {
      return;       // a game left for another
    }
    if (reply.error) {
      say(words("refused_to_go_on", { problem: reply.error }));
      return;
    }
    take(reply);
    render();
    proceed();
  }

  async function act(action) {
    if (!S.view || S.result || S.view.over) {
      return;
    }
    const game = S.game;
    const reply = await call("act", { action, version: S.view.actions_taken });
    if (game !== S.game || table.hidden) {
      return;
    }
    if (reply.stale || reply.error) {
      if (reply.error) {
        say(reply.error);
      }
      return;
    }
    if (reply.refused) {
      S.refusal = reply.refused;
      S.view = reply.view;
      render();
      const box = table.querySelector(".rentoy-play-refusal");
      if (box && S.keyboard) {
        box.focus();
      } else if (box) {
        box.scrollIntoView({ block: "nearest" });
      }
      return;
    }
    S.refusal = null;
    take(reply);
    render();
    proceed();
  }

  function nextHand() {
    if (!S.result) {
      return;
    }
    const over = S.result.event.over;
    S.result = S.held = null;
    render();
    if (!over) {
      proceed();
      focusFirst();
    }
  }

  async function download() {
    const reply = await call("record");
    if (reply.error) {
      say(reply.error);
      return;
    }
    const blob = new Blob([reply.record], { type: "application/yaml" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `rentoy-${S.config.variant}-seed-${S.config.seed}.yaml`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
    say(words("saved", { file: a.download, command: `rentoy run ${a.download}` }));
  }

  function newGame() {
    clearTimeout(S.timer);
    S.game += 1;
    S.result = S.held = S.view = null;
    table.hidden = true;
    form.hidden = false;
    setState("setup");
    say("");
    field("variant").focus();
  }

  document.addEventListener("pointerdown", () => { S.keyboard = false; }, true);
  // Keys: the digits play the cards of your hand, a call's key makes it (R raises, A
  // accepts, F folds, G calls the whole game in English), N (in English) goes on.
  document.addEventListener("keydown", (event) => {
    S.keyboard = true;
    if (table.hidden || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const target = event.target;
    if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) {
      return;
    }
    const key = event.key.toLowerCase();
    const v = S.view;
    if (S.result && (key === NEXT || key === "enter" && target === document.body)) {
      event.preventDefault();
      nextHand();
    } else if (/^[1-9]$/.test(key) && v && v.cards[Number(key) - 1] && !S.result) {
      event.preventDefault();
      act(v.cards[Number(key) - 1].action);
    } else if (v && !S.result && KEYS[key]) {
      event.preventDefault();
      act(KEYS[key]);
    }
  });

  // ---- Drawing --------------------------------------------------------------------------

  function say(text, busy = false) {
    status.replaceChildren(text);
    status.classList.toggle("rentoy-play-busy", busy);
  }

  function el(tag, className, ...children) {
    const node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
    return node;
  }

  function button(text, onClick, className = "") {
    const b = el("button", `rentoy-play-button ${className}`.trim(), text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function code(text) {
    return el("code", "", text);
  }

  function link(text, href) {
    const a = el("a", "", text);
    a.href = href;
    return a;
  }

  function face(card, className = "") {
    const box = el("span", `rentoy-play-face ${className}`.trim());
    box.innerHTML = S.data.faces[card.code];   // drawn by the site (rentoy.sphinxext.faces)
    box.title = card.name;
    box.append(el("span", "rentoy-play-code", card.code));
    return box;
  }

  function backs(n) {
    const row = el("span", "rentoy-play-backs");
    row.setAttribute("aria-label", fill((W.cards_left || [])[n === 1 ? 0 : 1] ?? "",
      { count: n }).join(""));
    for (let i = 0; i < n; i++) {
      row.append(el("span", "rentoy-play-back"));
    }
    return row;
  }

  function who(seat, v) {
    if (seat === v.seat) {
      return words("you");
    }
    return words((seat % 2) === (v.seat % 2) ? "seat_partner" : "seat_opponent", { seat });
  }

  function teamName(team, v) {
    return words(team === v.team ? "team_yours" : "team", { team });
  }

  function render() {
    const keep = document.activeElement && table.contains(document.activeElement)
      ? document.activeElement.dataset.key : null;
    const v = S.held || S.view;
    const parts = [head(v), seats(v)];
    if (S.result) {
      parts.push(result());
    } else {
      parts.push(hand(v));
    }
    parts.push(refusal(), history(), footer());
    table.replaceChildren(...parts.filter(Boolean));
    const again = keep && table.querySelector(`[data-key="${CSS.escape(keep)}"]`);
    if (again) {
      again.focus();
    } else if (S.result) {
      const go = table.querySelector(".rentoy-play-next");
      if (go) {
        go.focus();
      }
    }
    const list = table.querySelector(".rentoy-play-log ol");
    if (list) {
      list.scrollTop = list.scrollHeight;
    }
  }

  function head(v) {
    const box = el("div", "rentoy-play-head");
    box.tabIndex = -1;
    // Once a hand is over, the score it left (the table is shown as it was).
    const scores = S.result ? S.result.event.score : v.score;
    const score = el("p", "rentoy-play-score",
      el("span", "rentoy-play-team" + (v.team === "A" ? " rentoy-play-ours" : ""),
        `${teamName("A", v)} `, el("strong", "", String(scores[0]))),
      el("span", "rentoy-play-team" + (v.team === "B" ? " rentoy-play-ours" : ""),
        `${teamName("B", v)} `, el("strong", "", String(scores[1]))),
      el("span", "rentoy-play-target", words("target", { target: v.target }) +
        (v.best_of > 1 ? words("match", { won: v.games[0], lost: v.games[1],
          games: v.best_of }) : "")));
    const value = v.pending
      ? words("value_pending", { value: v.value, team: v.raiser })
      : v.value;
    const right = v.raise_right ? words("raise_right", { team: v.raise_right })
      : words("raise_either");
    const facts = el("p", "rentoy-play-facts", words("facts", {
      name: v.name, variant: v.variant, hand: v.hand, dealer: v.dealer, mano: v.mano, value,
      right, a: v.tricks[0], b: v.tricks[1],
    }));
    const up = el("p", "rentoy-play-up", face(v.up, "rentoy-play-small-face"),
      el("span", "", words("turned_up", {
        word: v.turn_up_word ? words("turned_up_word", { word: v.turn_up_word }) : "",
        card: v.up.name, trumps: v.trump_name,
      })));
    box.append(score, facts, up);
    return box;
  }

  function seats(v) {
    const row = el("div", "rentoy-play-seats");
    row.setAttribute("aria-label", words("the_table"));
    // Up to four seats in a row; six or eight in two rows.
    const columns = v.players <= 4 ? v.players : Math.ceil(v.players / 2);
    row.style.gridTemplateColumns = `repeat(${columns}, minmax(0, 1fr))`;
    const order = Array.from({ length: v.players }, (_, i) => (v.seat + 1 + i) % v.players);
    const trick = new Map(v.trick.map((t) => [t.seat, t.card]));
    let shown = trick;
    let winner = null;
    let final = false;
    if (S.result && S.result.trick) {
      shown = new Map(S.result.trick.cards.map((t) => [t.seat, t.card]));
      winner = S.result.trick.winner;
      final = true;
    } else if (!v.trick.length && v.last_trick) {
      shown = new Map(v.last_trick.cards.map((t) => [t.seat, t.card]));
      winner = v.last_trick.winner;
      final = true;
    }
    for (const s of order) {
      const info = v.seats[s];
      const acting = !S.result && !v.over && v.to_act === s && !(s === v.seat && v.waiting);
      const panel = el("div", `rentoy-play-seat rentoy-play-${info.role}` +
        (acting ? " rentoy-play-acting" : "") + (s === v.seat ? " rentoy-play-me" : ""));
      const roles = [info.dealer ? words("dealer") : null, info.mano ? words("mano") : null]
        .filter(Boolean);
      panel.append(el("p", "rentoy-play-seat-name",
        el("strong", "", s === v.seat ? words("you") : words("seat", { seat: s })),
        el("span", "", s === v.seat ? words("you_sit", { seat: s, team: info.team })
          : words("bot_sits", { team: info.team, bot: info.bot,
            role: words(info.role === "partner" ? "partner" : "opponent") })),
        ...roles.map((r) => el("span", "rentoy-play-role", r))));
      const slot = el("div", "rentoy-play-slot" + (final ? " rentoy-play-done" : ""));
      if (shown.has(s)) {
        slot.append(face(shown.get(s), winner === s ? "rentoy-play-won" : ""));
        if (winner === s) {
          slot.append(el("span", "rentoy-play-took", words("takes")));
        }
      } else {
        slot.append(el("span", "rentoy-play-empty", acting ? words("thinking") : ""));
      }
      panel.append(slot);
      if (s !== v.seat) {
        panel.append(backs(info.cards_left));
      }
      row.append(panel);
    }
    return row;
  }

  function markThinking(on) {
    const acting = table.querySelector(".rentoy-play-acting .rentoy-play-empty");
    if (acting) {
      acting.textContent = on ? words("thinking") : "";
    }
  }

  function hand(v) {
    const box = el("section", "rentoy-play-hand");
    box.setAttribute("aria-label", words("your_hand"));
    const turn = v.over ? words("over")
      : v.waiting ? words(v.pending ? "answer" : "your_turn")
        : words("wait", { who: who(v.to_act, v) });
    box.append(el("p", "rentoy-play-turn" + (v.waiting ? " rentoy-play-now" : ""), turn));
    const cards = el("div", "rentoy-play-cards");
    v.cards.forEach((c, i) => {
      const b = el("button", "rentoy-play-card" + (v.waiting && c.legal ? " rentoy-play-legal" : ""));
      b.type = "button";
      b.dataset.key = c.action;
      b.append(face(c));
      b.append(el("span", "rentoy-play-key", String(i + 1)));
      b.setAttribute("aria-label", words(v.waiting && c.legal ? "play_card"
        : "play_card_not_now", { name: c.name, code: c.code, key: i + 1 }));
      b.addEventListener("click", () => act(c.action));
      cards.append(b);
    });
    box.append(cards);
    const bets = el("div", "rentoy-play-bets");
    for (const bet of v.bets) {
      // The call's word, where the label does not say it already (a Spanish "Quiero").
      const said = bet.call && !bet.label.toLowerCase().includes(bet.call.toLowerCase());
      const label = said ? words("bet", { label: bet.label, call: bet.call }) : bet.label;
      const b = button(label, () => act(bet.action),
        "rentoy-play-bet" + (v.waiting && bet.legal ? " rentoy-play-legal" : ""));
      b.dataset.key = bet.action;
      if (calls[bet.kind]) {
        b.setAttribute("aria-keyshortcuts", calls[bet.kind].key);
      }
      if (!(v.waiting && bet.legal)) {
        b.setAttribute("aria-label", words("bet_not_now", { label }));
      }
      bets.append(b);
    }
    box.append(bets);
    return box;
  }

  function result() {
    const { event } = S.result;
    const box = el("section", "rentoy-play-result" + (event.yours ? " rentoy-play-ours" : ""));
    for (const line of event.lines) {
      box.append(el("p", "", line));
    }
    const actions = el("p", "rentoy-play-result-actions");
    if (event.over) {
      actions.append(button(words("download_record"), download, "rentoy-play-primary"),
        button(words("play_again"), newGame));
    } else {
      const next = button(words("next_hand"), nextHand, "rentoy-play-primary rentoy-play-next");
      next.setAttribute("aria-keyshortcuts", NEXT.toUpperCase());
      actions.append(next);
    }
    box.append(actions);
    return box;
  }

  function refusal() {
    const r = S.refusal;
    if (!r) {
      return null;
    }
    const box = el("div", "rentoy-play-refusal");
    box.setAttribute("role", "alert");
    box.tabIndex = -1;
    box.append(el("p", "", el("strong", "", words("refused")),
      words("refused_detail", { detail: r.detail })));
    if (r.rule) {
      // The rule's row on the variant's page (its anchor as the site writes ids).
      const anchor = `rule-${r.base}-${r.rule}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      const page = new URL(`variants/generated/${r.base}.html#${anchor}`, site);
      const sources = el("span", "");
      r.source.forEach((id, i) => {
        const src = (S.data.sources || {})[id];
        sources.append(i ? ", " : "", link(src ? src.title : id,
          new URL(`sources.html#source-${id}`, site)));
      });
      box.append(el("p", "", ...pieces("rule", {
        title: link(r.rule_title, page), rule: code(r.rule), variant: r.variant,
        status: r.status ? words("rule_status", { status: r.status_name || r.status }) : "",
        sources: r.source.length ? el("span", "", ...pieces("rule_sources", { sources })) : "",
      })));
      if (r.note) {
        box.append(el("p", "rentoy-play-note", r.note));
      }
    }
    box.append(el("p", "rentoy-play-code-line", ...pieces("reason", { reason: code(r.reason) })));
    return box;
  }

  function history() {
    const box = el("section", "rentoy-play-log");
    box.append(el("h3", "", words("log")));
    const list = el("ol", "");
    for (const event of S.log.slice(-200)) {
      const item = el("li", `rentoy-play-log-${event.kind}`, event.lines.join(" "));
      if (event.think_ms !== undefined) {
        item.append(el("span", "rentoy-play-ms",
          words("bot_took", { bot: event.bot, ms: Math.round(event.think_ms) })));
      }
      list.append(item);
    }
    box.append(list);
    return box;
  }

  function footer() {
    const v = S.view;
    const box = el("div", "rentoy-play-footer");
    const moves = S.timings.filter((t) => t.bot === "search").map((t) => t.ms).sort((a, b) => a - b);
    const median = moves.length ? moves[Math.floor(moves.length / 2)] : null;
    const key = (kind) => (calls[kind] ? calls[kind].key : kind);
    box.append(el("p", "rentoy-play-hint",
      ...pieces("seed", { seed: v.seed, command: code(`rentoy play ${S.config.variant}` +
        (S.config.options.length ? `+${S.config.options.join("+")}` : "") +
        ` --seat ${v.seat} --players ${v.players} --seed ${v.seed}`) }),
      median !== null ? words("median", { ms: Math.round(median), count: moves.length }) : "",
      words("keys", { raise: key("raise"), accept: key("accept"), fold: key("fold"),
        next: NEXT.toUpperCase(),
        game: v.bets.some((b) => b.kind === "game") ? words("keys_game", { key: key("game") })
          : "" })));
    if (!(S.result && S.result.event.over)) {
      box.append(button(words(v.over ? "download_record" : "download_so_far"), download));
    }
    box.append(button(words("new_game"), newGame));
    return box;
  }

  // Focus follows the game for a reader at the keyboard; under a finger or a mouse the
  // page does not move by itself.
  function focusFirst() {
    const first = table.querySelector(".rentoy-play-legal");
    if (first && S.keyboard && (document.activeElement === document.body ||
        table.contains(document.activeElement))) {
      first.focus();
    }
  }
}

// A text with its {placeholders} filled in from values: the pieces, in order (strings,
// and the values that are elements); a placeholder without a value is left as it is.
function fill(template, values) {
  const out = [];
  let last = 0;
  for (const found of String(template).matchAll(/\{(\w+)\}/g)) {
    out.push(template.slice(last, found.index));
    const value = values[found[1]];
    out.push(value === undefined || value === null ? found[0]
      : value instanceof Node ? value : String(value));
    last = found.index + found[0].length;
  }
  out.push(String(template).slice(last));
  return out.filter((p) => p !== "");
}

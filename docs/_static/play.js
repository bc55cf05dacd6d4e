// The Play page: a seat at the table. This script only draws and forwards clicks and keys;
// the game (rules, bots, words, refusals, the record) is this project's Python engine,
// running in a worker (play-worker.mjs) on the Pyodide runtime served by this site: the
// same session (rentoy.table.Session) that rentoy play drives at the terminal. Nothing is
// loaded before the reader shows an intent to play (pointing at Start, or reaching it with
// the keyboard), and nothing is loaded from anywhere else.
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
    timer: null, busy: false, pace: 700, config: null, game: 0, notice: null, tricks: [],
    logList: null, logShown: 0, link: null, startedAt: null, firstDealMs: null, dealt: false,
    playingSince: null, keptBytes: null,
  };
  // The page's own long tasks (over 50 ms on the main thread), by what the page was doing,
  // and how long each redraw's script took.
  const longTasks = [];
  const renders = [];
  if (window.PerformanceObserver &&
      (PerformanceObserver.supportedEntryTypes || []).includes("longtask")) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        // Counted as play from the first deal drawn on (the start-up is measured apart).
        longTasks.push({ ms: entry.duration, state: root.dataset.state,
          playing: S.playingSince !== null && entry.startTime >= S.playingSince });
      }
    }).observe({ type: "longtask" });
  }
  // For the page's own tests and benchmark: what happened, read-only.
  window.rentoyPlay = {
    timings: S.timings,
    longTasks,
    renders,
    state: () => root.dataset.state,
    view: () => S.view,
    firstDealMs: () => S.firstDealMs,
    loaded: () => Boolean(S.data),
    loadParts: () => S.loadParts,
    kept: () => S.keptBytes,
  };

  // The rest of the page (what the table is, how it loads, the module's reference) is laid
  // out only when it comes into view: a redraw of the table then lays out the table alone.
  for (let next = root.nextElementSibling; next; next = next.nextElementSibling) {
    next.style.contentVisibility = "auto";
    next.style.containIntrinsicSize = "auto 40em";
  }

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

  // A variant, options, a table and a first deal chosen by a link ("Play this deal"). A
  // link that names what this site cannot play is refused in words, and Start waits until
  // the reader leaves the link: the page never starts another game than the link names.
  // The deal, dealer and score are read by the engine as rentoy play --deal reads them.
  const problems = [];
  const more = form.querySelector(".rentoy-play-more");
  if (settings.size) {
    const asked = query.get("variant");
    if (asked && settings.has(asked)) {
      field("variant").value = asked;
    } else if (asked) {
      problems.push(words("link_variant", { variant: asked }));
    } else if (!settings.has(field("variant").value)) {
      field("variant").value = settings.keys().next().value;
    }
    variantChosen(false);
    const v = settings.get(field("variant").value);
    const players = query.get("players");
    if (players !== null) {
      if (!/^\d{1,3}$/.test(players)) {
        problems.push(words("link_number", { name: "players", value: players.slice(0, 20) }));
      } else if (v && !v.players.includes(Number(players))) {
        problems.push(words("link_players", { variant: v.id, allowed: v.players.join(", "),
          players }));
      } else {
        field("players").value = players;
        seatsChosen();
        more.open = true;
      }
    }
    for (const id of (query.get("options") || "").split(",").filter(Boolean)) {
      const box = form.querySelector(`input[name="option"][value="${CSS.escape(id)}"]`);
      if (box) {
        box.checked = true;
        more.open = true;
      } else if (v) {
        problems.push(words("link_option", { variant: v.id, option: id.slice(0, 40) }));
      }
    }
    for (const name of ["seat", "partners", "opponents", "seed", "pace", "raises"]) {
      if (query.get(name) !== null && field(name)) {
        field(name).value = query.get(name);
        more.open = true;
      }
    }
  }
  const linkDealer = query.get("dealer");
  const linkScore = query.get("score");
  if (linkDealer !== null && !/^\d{1,3}$/.test(linkDealer)) {
    problems.push(words("link_number", { name: "dealer", value: linkDealer.slice(0, 20) }));
  }
  if (linkScore !== null && !/^\d{1,3}-\d{1,3}$/.test(linkScore)) {
    problems.push(words("link_score", { value: linkScore.slice(0, 20) }));
  }
  let deal = null;
  const dealLine = form.querySelector(".rentoy-play-deal");
  if (query.get("deal") || linkDealer !== null || linkScore !== null) {
    deal = { deal: query.get("deal"), dealer: linkDealer, score: linkScore,
      title: query.get("title") || words("deal_untitled") };
    const score = (linkScore || "0-0").split("-");
    dealLine.hidden = false;
    dealLine.textContent = words("deal", {
      title: deal.title,
      dealer: linkDealer === null ? "" : words("deal_dealer", { seat: linkDealer }),
      score: linkScore && linkScore !== "0-0" ? words("deal_score", { a: score[0], b: score[1] })
        : "",
    });
    const clear = button(words("deal_clear"), () => dropDeal());
    clear.classList.add("rentoy-play-small");
    dealLine.append(clear);
  }
  if (problems.length) {
    refuseLink(problems.join("; "));
  }
  function refuseLink(problem) {
    S.link = problem;
    dealLine.hidden = false;
    const clear = button(words("deal_clear"), () => dropDeal());
    clear.classList.add("rentoy-play-small");
    dealLine.replaceChildren(el("strong", "", words("bad_link", { problem })), " ", clear);
    dealLine.classList.add("rentoy-play-missing");
    dealLine.setAttribute("role", "alert");
    form.querySelector("button[type=submit]").disabled = true;
  }
  function dropDeal() {
    deal = null;
    S.link = null;
    dealLine.hidden = true;
    dealLine.classList.remove("rentoy-play-missing");
    dealLine.removeAttribute("role");
    if (!missing) {
      form.querySelector("button[type=submit]").disabled = false;
    }
    // The address no longer names the game: a reload starts from the choices.
    window.history.replaceState(null, "", window.location.pathname);
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
    }) + " " + words("keeps");
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!missing && !S.link) {
      S.startedAt = performance.now();
      startGame();
    }
  });

  // The runtime is fetched and started as soon as the reader shows an intent to play:
  // pointing at Start, touching it, or reaching it with the keyboard.
  const startButton = form.querySelector("button[type=submit]");
  function prefetch() {
    if (missing || S.loading || S.data) {
      return;
    }
    const total = manifest.runtime.bytes + manifest.wheel.bytes + manifest.data.bytes;
    say(words("fetching", { total: megabytes(total) }), true);
    loadEngine().then(() => {
      if (!S.config) {
        say(words("fetched", { time: seconds(S.loadMs) }));
      }
    }, () => say(""));
  }
  for (const name of ["pointerenter", "focus", "touchstart"]) {
    startButton.addEventListener(name, prefetch, { passive: true });
  }

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
    const runtime = new URL(manifest.runtime.path || "_static/pyodide/", site);
    // The name the browser keeps the started engine under: the runtime's version and
    // the wheel's checksum, so that a new build of either is started afresh.
    const kept = manifest.wheel.sha256 ?
      new URL(`engine-${manifest.runtime.version}-${manifest.wheel.sha256.slice(0, 16)}.image`,
        runtime).href : null;
    const engine = call("load", {
      runtime: runtime.href, kept,
      compressed: manifest.runtime.compressed || [],
      wheel: new URL(manifest.wheel.path || `_static/play/${manifest.wheel.file}`, site).href,
      words: { no_wheel: W.no_wheel, not_started: W.not_started },
    });
    S.loading = Promise.all([data, engine]).then(([d, loaded]) => {
      if (loaded.error) {
        throw new Error(loaded.error);
      }
      S.data = d;
      S.loadMs = performance.now() - began;
      S.loadParts = { runtime_ms: loaded.runtime_ms, engine_ms: loaded.engine_ms,
        image_ms: loaded.image_ms, restored: loaded.restored };
      // Once the browser keeps the started engine (or cannot), the page knows it.
      call("kept").then((answer) => { S.keptBytes = answer.bytes || 0; });
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
      partners: field("raises") ? field("raises").value : "auto",
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
    const key = [v.id, ...options].join("+");
    const request = { ...S.config, variant: S.data.variants[v.id],
      words: (S.data.words || {})[key] || (S.data.words || {})[v.id] };
    if (deal) {
      request.link = { deal: deal.deal, dealer: deal.dealer, score: deal.score };
    }
    const reply = await call("new", { request });
    form.querySelector("button[type=submit]").disabled = false;
    if (reply.error) {
      if (deal) {
        refuseLink(reply.error);       // the link's own words refused: nothing is dealt
        say("");
      } else {
        say(words("no_game", { problem: reply.error }));
      }
      setState("setup");
      return;
    }
    S.playingSince = null;
    S.log = [];
    S.logList = null;
    S.logShown = 0;
    S.tricks = [];
    S.notice = null;
    S.timings.length = 0;
    S.held = S.result = S.refusal = null;
    S.game += 1;
    say(first ? words("ready", { time: seconds(S.loadMs) }) : "");
    form.hidden = true;
    table.hidden = false;
    take(reply);
    render();
    if (S.startedAt !== null && S.firstDealMs === null) {
      S.firstDealMs = performance.now() - S.startedAt;
    }
    table.querySelector(".rentoy-play-head").focus({ preventScroll: true });
    showCards();
    proceed();
    requestAnimationFrame(() => setTimeout(() => { S.playingSince = performance.now(); }));
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
      if (event.trick) {
        S.tricks.push(event.trick);
      }
      if (event.kind === "deal") {
        S.tricks = [];
        S.dealt = true;
      } else if (event.kind === "hand") {
        // The trick that ended the hand (none after a fold), and the table as it was.
        S.result = { event, extra: [], trick: previous && previous.trick ? previous.trick : null,
          tricks: S.tricks.slice() };
        S.held = S.view;
      } else if ((event.kind === "game-over" || event.kind === "match") && S.result) {
        S.result.extra.push(...event.lines);
      } else if (["hint", "advice", "undo", "propose", "declined"].includes(event.kind)) {
        S.notice = event;
      }
      if (event.kind === "undo") {
        S.result = S.held = null;       // the hand goes on as it was
      }
      previous = event;
    }
    if ((reply.events || []).some((e) => e.kind === "action" || e.kind === "deal")
        && !(reply.events || []).some((e) => e.kind === "advice" || e.kind === "propose")) {
      S.notice = null;                  // the table moved on: the last hint is old
    }
    if (reply.view) {
      S.view = reply.view;
    }
    const said = (reply.events || []).map((e) => e.lines.join(" ")).join(" ");
    if (said) {
      announce.textContent = said;
    }
  }

  // After a deal, the person's cards in view (on a phone they are below the screen).
  function showCards() {
    if (!S.dealt) {
      return;
    }
    S.dealt = false;
    const cards = table.querySelector(".rentoy-play-cards");
    if (!cards) {
      return;
    }
    const box = cards.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      cards.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
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
    showCards();
    proceed();
  }

  // A line as typed at rentoy play (hint, undo, partner, yes, no): the session's answer.
  async function sayLine(line) {
    if (!S.view || S.view.over) {
      return;
    }
    const game = S.game;
    const reply = await call("say", { line, version: S.view.version });
    if (game !== S.game || table.hidden || reply.stale) {
      return;
    }
    if (reply.error) {
      S.notice = { kind: "unknown", lines: [reply.error] };
      if (reply.view) {
        S.view = reply.view;
      }
      render();
      return;
    }
    S.refusal = null;
    take(reply);
    render();
    showCards();
    proceed();
    const notice = table.querySelector(".rentoy-play-notice");
    if (notice && !S.keyboard) {
      notice.scrollIntoView({ block: "nearest" });
    }
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
    showCards();
    proceed();
  }

  function nextHand() {
    if (!S.result) {
      return;
    }
    const over = S.result.event.over;
    S.result = S.held = null;
    S.dealt = true;
    render();
    showCards();
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

  // Each face parsed once (drawn by the site, rentoy.sphinxext.faces), then copied: parsing
  // the drawings again at every redraw made long tasks.
  const faces = new Map();
  function face(card, className = "") {
    const box = el("span", `rentoy-play-face ${className}`.trim());
    let drawn = faces.get(card.code);
    if (!drawn) {
      drawn = document.createElement("template");
      drawn.innerHTML = S.data.faces[card.code];
      faces.set(card.code, drawn);
    }
    box.append(drawn.content.cloneNode(true));
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
    const began = performance.now();
    draw();
    renders.push(performance.now() - began);
  }

  function draw() {
    const focused = document.activeElement;
    const inside = focused && (table.contains(focused) || focused === document.body);
    const keep = focused && table.contains(focused) ? focused.dataset.key : null;
    const v = S.held || S.view;
    const parts = [head(v), seats(v)];
    if (S.result) {
      parts.push(result());
    } else {
      parts.push(hand(v));
    }
    parts.push(notice(), refusal(), tricks(v), sheet(), history(), footer());
    table.replaceChildren(...parts.filter(Boolean));
    const again = keep && table.querySelector(`[data-key="${CSS.escape(keep)}"]`);
    if (again) {
      again.focus({ preventScroll: true });
    } else if (S.result) {
      const go = table.querySelector(".rentoy-play-result .rentoy-play-primary");
      if (go && (S.keyboard || inside)) {
        go.focus({ preventScroll: !S.keyboard });
      }
    } else if (inside && S.keyboard && !focusFirst()) {
      // The focused button went with the redraw: the focus stays at the table.
      table.querySelector(".rentoy-play-head").focus({ preventScroll: true });
    }
    const list = S.logList;
    if (list) {
      requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
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
    if (v.proposal) {
      // A partner's raise put to the person (partners: ask).
      bets.append(button(words("approve"), () => sayLine(W.keys_by_kind ? yesWord() : "yes"),
        "rentoy-play-bet rentoy-play-legal rentoy-play-approve"),
      button(words("decline"), () => sayLine("no"), "rentoy-play-bet rentoy-play-decline"));
    }
    for (const bet of v.proposal ? [] : v.bets) {
      // The call's word, where the label does not say it already (a Spanish "Quiero").
      const said = bet.call && !bet.label.toLowerCase().includes(bet.call.toLowerCase());
      const label = said ? words("bet", { label: bet.label, call: bet.call }) : bet.label;
      const b = button(label, () => act(bet.action),
        "rentoy-play-bet" + (v.waiting && bet.legal ? " rentoy-play-legal" : ""));
      b.dataset.key = bet.action;
      b.dataset.kind = bet.kind;
      if (calls[bet.kind]) {
        b.setAttribute("aria-keyshortcuts", calls[bet.kind].key);
      }
      if (!(v.waiting && bet.legal)) {
        b.setAttribute("aria-label", words("bet_not_now", { label }));
      }
      bets.append(b);
    }
    box.append(bets);
    // What the terminal offers besides the actions: a hint, taking back, the partner.
    const asks = el("div", "rentoy-play-asks");
    const hintButton = button(words("hint"), () => sayLine("hint"), "rentoy-play-small");
    hintButton.dataset.key = "hint";
    hintButton.disabled = !(v.waiting && !v.proposal);
    const undoButton = button(words("undo"), () => sayLine("undo"), "rentoy-play-small");
    undoButton.dataset.key = "undo";
    undoButton.disabled = !v.can_undo;
    asks.append(hintButton, undoButton);
    if (S.notice && S.notice.kind === "advice" && v.waiting && v.pending) {
      const leave = button(words("leave"), () => sayLine("partner"), "rentoy-play-small");
      leave.dataset.key = "partner";
      asks.append(leave);
    }
    box.append(asks);
    return box;
  }

  function yesWord() {
    return W.language === "es" ? "sí" : "yes";
  }

  // The last hint, advice, proposal or taking back, in the session's own words.
  function notice() {
    if (!S.notice || S.result) {
      return null;
    }
    const box = el("div", `rentoy-play-notice rentoy-play-notice-${S.notice.kind}`);
    box.setAttribute("role", "status");
    for (const line of S.notice.lines) {
      box.append(el("p", "", line));
    }
    return box;
  }

  // Which card took each trick of the hand being played.
  function tricks(v) {
    const done = S.result ? S.result.tricks : S.tricks;     // a hand over: its own tricks
    if (!done.length) {
      return null;
    }
    const box = el("section", "rentoy-play-tricks");
    box.append(el("h3", "", words("tricks_title")));
    const list = el("ol", "");
    done.forEach((trick, i) => {
      const item = el("li", "");
      for (const played of trick.cards) {
        item.append(face(played.card, "rentoy-play-tiny-face" +
          (played.seat === trick.winner ? " rentoy-play-won" : "")));
      }
      const won = trick.cards.find((c) => c.seat === trick.winner);
      item.append(el("span", "", words("trick_took", {
        card: won ? won.card.code : "", number: i + 1, who: who(trick.winner, v) })));
      list.append(item);
    });
    box.append(list);
    return box;
  }

  // The score sheet: every hand played, who won it, how, what it was worth, the score.
  function sheet() {
    const hands = S.log.filter((e) => e.kind === "hand");
    if (!hands.length) {
      return null;
    }
    const box = el("section", "rentoy-play-sheet");
    box.append(el("h3", "", words("sheet")));
    const grid = el("table", "");
    const headRow = el("tr", "");
    for (const key of ["sheet_hand", "sheet_winner", "sheet_how", "sheet_value", "sheet_score"]) {
      const th = el("th", "", words(key));
      th.scope = "col";
      headRow.append(th);
    }
    grid.append(el("thead", "", headRow));
    const body = el("tbody", "");
    for (const h of hands) {
      const number = el("th", "", String(h.hand));
      number.scope = "row";
      const row = el("tr", h.yours ? "rentoy-play-ours" : "", number,
        el("td", "", h.winner), el("td", "", h.how === "tricks"     // the winner's first
          ? words("sheet_tricks", { a: h.tricks[h.winner === "A" ? 0 : 1],
            b: h.tricks[h.winner === "A" ? 1 : 0] }) : words("sheet_fold")),
        el("td", "", String(h.value)), el("td", "", `${h.score[0]}-${h.score[1]}`));
      body.append(row);
    }
    grid.append(body);
    box.append(grid);
    return box;
  }

  function result() {
    const { event, extra } = S.result;
    const box = el("section", "rentoy-play-result" + (event.yours ? " rentoy-play-ours" : ""));
    for (const line of [...event.lines, ...extra]) {
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

  // The log is one list for the whole game, new events appended: redrawing it whole at
  // every move made long tasks once it held a few hundred lines.
  function history() {
    if (!S.logList) {
      S.logList = el("ol", "");
      S.logShown = 0;
    }
    for (const event of S.log.slice(S.logShown)) {
      const item = el("li", `rentoy-play-log-${event.kind}`, event.lines.join(" "));
      if (event.think_ms !== undefined) {
        item.append(el("span", "rentoy-play-ms",
          words("bot_took", { bot: event.bot, ms: Math.round(event.think_ms) })));
      }
      S.logList.append(item);
    }
    S.logShown = S.log.length;
    while (S.logList.children.length > 400) {
      S.logList.firstChild.remove();
    }
    const box = el("section", "rentoy-play-log");
    box.append(el("h3", "", words("log")), S.logList);
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
  // page does not move by itself. Answering a raise, the focus is on accepting (what a
  // person most likely means), never on raising again, so that Enter never raises; on
  // a turn, on the first card that may be played. Whether it found a place.
  function focusFirst() {
    const v = S.view;
    let target = null;
    if (v && v.proposal) {
      target = table.querySelector(".rentoy-play-decline");
    } else if (v && v.pending && v.waiting) {
      target = table.querySelector('.rentoy-play-bet[data-kind="accept"].rentoy-play-legal') ||
        table.querySelector('.rentoy-play-bet[data-kind="fold"].rentoy-play-legal');
    } else {
      target = table.querySelector(".rentoy-play-card.rentoy-play-legal");
    }
    if (target && S.keyboard && (document.activeElement === document.body ||
        table.contains(document.activeElement))) {
      target.focus({ preventScroll: true });
      return true;
    }
    return false;
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

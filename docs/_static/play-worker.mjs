// The Play page's worker: Python (Pyodide, served by this site) and this project's engine,
// off the page's own thread, so the page never freezes while a bot thinks. It holds no rule
// and draws nothing: it forwards the page's requests to rentoy.integrations.browser and
// posts back the JSON that module answers.

let browser = null;   // the Python module rentoy.integrations.browser
let seat = null;      // the game being played (a Python Seat)
let words = {};       // the worker's own words, in the page's language (sent with "load")
let keeping = Promise.resolve(null);   // the started engine being kept (see "kept")

// The started engine, kept by the browser. Starting the runtime (the interpreter's own
// start-up, then importing the engine) takes seconds; an image of its memory taken
// once the engine is imported starts it again in a fraction of that. The image is made
// in the reader's own browser (it is this runtime's memory, on this machine), kept in
// the site's Cache Storage under a name that says which runtime and which wheel made it,
// and read back on the next visit: nothing of it is sent anywhere.
const KEPT = "rentoy-engine";

async function readKept(key) {
  try {
    const found = await (await caches.open(KEPT)).match(key);
    return found ? new Uint8Array(await found.arrayBuffer()) : null;
  } catch {
    return null;      // no Cache Storage here (a page opened from a file): start afresh
  }
}

async function keep(key, image) {
  const cache = await caches.open(KEPT);
  await cache.put(key, new Response(image, {
    headers: { "Content-Type": "application/octet-stream" } }));
  // An image of an older runtime or wheel is of no more use: it goes.
  for (const old of await cache.keys()) {
    if (old.url !== new URL(key).href) {
      await cache.delete(old);
    }
  }
  return image.length;
}

async function forget(key) {
  try {
    await (await caches.open(KEPT)).delete(key);
  } catch {
    // nothing was kept
  }
}

function worded(key, values = {}) {
  return String(words[key] ?? key).replace(/\{(\w+)\}/g,
    (found, name) => String(values[name] ?? found));
}

// The files the site keeps gzip-compressed (NAME.gz, see rentoy.sphinxext.play): fetched
// as such and unpacked here, so that the runtime's loader gets the file it asks for.
function unpacking(compressed, runtime) {
  const plain = self.fetch.bind(self);
  const packed = new Set(compressed.map((name) => new URL(name, runtime).href));
  self.fetch = async (resource, init) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    if (!packed.has(url)) {
      return plain(resource, init);
    }
    const response = await plain(url + ".gz", { credentials: "same-origin" });
    if (!response.ok) {
      return response;
    }
    let bytes = new Uint8Array(await response.arrayBuffer());
    // A server may have unpacked it already (Content-Encoding): then it is used as it is.
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    const type = url.endsWith(".wasm") ? "application/wasm" : "application/json";
    return new Response(bytes, { headers: { "Content-Type": type } });
  };
}

async function load({ runtime, wheel, compressed, words: given, kept }) {
  words = given || {};
  unpacking(compressed || [], runtime);
  const began = performance.now();
  // The engine's wheel, and the image of the engine a visit before kept, come while
  // the runtime's loader starts.
  const fetched = fetch(wheel);
  const canKeep = Boolean(kept) && typeof caches !== "undefined";
  const image = canKeep ? readKept(kept) : Promise.resolve(null);
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  // Everything from this site's own folder: the runtime, its standard library and its
  // list of packages (no package is loaded from it).
  const options = { indexURL: runtime, packageBaseUrl: runtime };
  let pyodide = null;
  const snapshot = await image;
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
    } catch {
      forget(kept);     // an image this runtime cannot read: started afresh, kept anew
    }
  }
  const restored = pyodide !== null;
  if (restored) {
    keeping = Promise.resolve(snapshot.length);
  } else {
    pyodide = await loadPyodide({ ...options, _makeSnapshot: canKeep });
  }
  const loaded = performance.now();
  const response = await fetched;
  if (!response.ok) {
    throw new Error(worded("no_wheel", { status: response.status, file: wheel }));
  }
  // The project's own wheel, unpacked into the runtime's site-packages (no installer);
  // after an image too, whose modules are imported but whose files are not there.
  pyodide.unpackArchive(await response.arrayBuffer(), "wheel");
  browser = pyodide.pyimport("rentoy.integrations.browser");
  const imported = performance.now();
  if (canKeep && !restored) {
    // The image is taken now, before any game: the engine imported, nothing else.
    const made = pyodide.makeMemorySnapshot();
    keeping = keep(kept, made).catch(() => null);
  }
  return { runtime_ms: loaded - began, engine_ms: imported - loaded, restored,
           image_ms: performance.now() - imported };
}

// The last line of a Python traceback, without the exception's name.
function message(error) {
  const lines = String((error && error.message) || error).trim().split("\n");
  return lines[lines.length - 1].replace(/^[\w.]*(Error|Exception): /, "");
}

self.onmessage = async (event) => {
  const { id, op } = event.data;
  const began = performance.now();
  let reply;
  try {
    if (op === "load") {
      reply = await load(event.data);
    } else if (op === "kept") {
      // Answered once the image of the engine is kept (its bytes), or could not be.
      reply = { bytes: await keeping };
    } else if (op === "new") {
      if (seat !== null) {
        seat.destroy();
        seat = null;
      }
      seat = browser.new_seat(JSON.stringify(event.data.request));
      reply = JSON.parse(seat.handle(JSON.stringify({ op: "start" })));
    } else if (seat === null) {
      reply = { error: worded("not_started") };
    } else {
      reply = JSON.parse(seat.handle(JSON.stringify(event.data)));
    }
  } catch (error) {
    reply = { error: message(error) };
  }
  reply.wall_ms = performance.now() - began;
  self.postMessage({ id, reply });
};

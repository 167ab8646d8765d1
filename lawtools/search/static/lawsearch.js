/* lawtools site search, the page: the CLI's search run in the browser over a static index (search/index.json).
 *
 * Built at site-build time by lawtools/site/search_page.py from the same analysis as the CLI's index. The query
 * is read by search/lawquery.js and ranked by search/lawrank.js (both loaded before this script), and by meaning
 * with search/lawmeaning.js (loaded when a query wants it); this script runs them as api.Searcher.search does and
 * shows the laws.
 * Contract: search/?q=QUERY renders results best first inside #search-results, each result element with
 * data-edition, data-law and a link to the provision anchor, grouped by law, and sets data-state="done".
 */
(function () {
  "use strict";
  var LIMIT = 10;  // laws shown
  var data = null, parser = null, ranker = null;  // the loaded index; lawquery.js and lawrank.js over it

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }

  function render(container, groups, notes, state) {
    container.textContent = "";
    var summary = document.getElementById("search-summary");
    var said = state === "refining" ? notes.concat(["Ordering by meaning…"]) : notes;
    if (summary) summary.textContent = said.join(" ");
    if (!groups.length && state !== "refining") container.appendChild(el("p", {"class": "search-empty"}, "No provision matches."));
    groups.forEach(function (g) {
      var section = el("section", {"class": "search-law", "data-law": g.law});
      var first = data.docs[g.hits[0][0]];
      section.appendChild(el("h2", {}, first[6] ? "Law " + g.law : first[4]));
      var list = el("ol", {"class": "search-hits"});
      g.hits.forEach(function (h) {
        var d = data.docs[h[0]];
        var item = el("li", {"class": "search-result", "data-edition": d[0], "data-law": d[2], "data-node": d[3]});
        var link = el("a", {href: d[5]}, d[3] + " · " + d[0]);
        item.appendChild(link);
        if (d[4]) item.appendChild(el("strong", {}, " " + d[4]));
        item.appendChild(el("p", {"class": "search-snippet"}, d[7]));
        list.appendChild(item);
      });
      section.appendChild(list);
      container.appendChild(section);
    });
    container.setAttribute("data-state", state || "done");
  }

  function search(query, lang) {
    var notes = [], filter = function (d) { return !lang || d[1] === lang; };
    var cited = parser.citation(query);
    if (cited) {
      var found = [];
      for (var i = 0; i < cited.chain.length && !found.length; i++) {
        data.docs.forEach(function (d, n) { if (d[2] === cited.law && d[3] === cited.chain[i] && filter(d)) found.push([n, 1]); });
      }
      var shown = found.length ? data.docs[found[0][0]][3] : "";
      if (!found.length) notes.push("No edition on this site has " + cited.node + (lang ? " in this language." : "."));
      else if (shown !== cited.node) notes.push("No edition on this site has " + cited.node + "; showing " + shown + ", which contains it.");
      return {groups: found.length ? [{law: cited.law, score: 1, hits: found}] : [], notes: notes};
    }
    var why = parser.miscited(query);
    if (why) return {groups: [], notes: [why]};
    var langs = parser.guess(parser.words(query));
    var planned = parser.plan(query, langs);
    if (planned.joined) notes.push(planned.joined);
    planned.units.forEach(function (u) { if (u.corrected) notes.push("Corrected '" + u.word + "' to '" + u.corrected + "'."); });
    if (!planned.units.length) {
      notes.push("The query has no words to search for.");
      return {groups: [], notes: notes};
    }
    // words no provision has: an English question may still be near some by meaning, as in the CLI
    var scored = planned.clauses.length ? ranker.score(planned, filter) : {hits: [], some: false};
    var native = parser.native(langs);
    var meaning = wantsVectors(query, planned, scored, langs, lang);
    if (!planned.clauses.length) {
      notes.push("No provision has " + planned.units.map(function (u) { return "'" + u.word + "'"; }).join(", ") +
                 (meaning ? "; showing provisions close in meaning." : "."));
    }
    if (scored.some) notes.push("No provision has all the words; showing provisions with some of them.");
    var groups = ranker.group(scored.hits, native, planned, meaning ? Math.max(LIMIT, data.meaning.depth) : LIMIT);
    var result = {groups: groups, notes: notes, planned: planned, native: native, langs: langs, lang: lang,
                  filter: filter, text: meaning ? meaningText(query, planned) : null};
    return meaning ? result : finish(result, groups);
  }

  // the laws to show, after the word ranking or its fusion with meaning (the CLI fuses, then reads counterparts)
  function finish(result, groups) {
    groups = groups.slice(0, LIMIT);
    if (result.lang && result.native.length && result.native.indexOf(result.lang) < 0) {
      groups = counterparts(groups, result.planned, result.native);
    }
    // front matter and the glossary never outrank a law (a stable sort: each keeps its rank among its kind)
    var isLaw = function (g) { return data.docs[g.hits[0][0]][6] === 1 ? 1 : 0; };
    groups = groups.map(function (g, i) { return {g: g, law: isLaw(g), i: i}; })
      .sort(function (a, b) { return (b.law - a.law) || (a.i - b.i); }).map(function (x) { return x.g; });
    return {groups: groups, notes: result.notes};
  }

  // a term looked up in another language (&lang=): the laws where the query's own language has it rank its
  // counterparts too, fused by RRF; a law that language lacks keeps its rank (api.Searcher._counterparts)
  function counterparts(groups, planned, native) {
    if (!groups.length) return groups;
    var inOwn = function (d) { return native.indexOf(d[1]) >= 0; };
    var covered = new Set(data.docs.filter(inOwn).map(function (d) { return d[2]; }));
    // the own language's laws as the CLI ranks them: those with every word when some have them (the fill is
    // the page's), every one of them, by their provisions' scores alone (no title bonus)
    var found = ranker.score(planned, inOwn).hits, full = found.filter(function (h) { return !h[2]; });
    var own = ranker.group(full.length ? full : found, native, null, Infinity), ownRank = {};
    own.forEach(function (g, i) { ownRank[g.law] = i + 1; });
    var unranked = own.length + 1 + groups.length, w = data.boosts.counterpart || 0, k = data.boosts.rrf_k || 60;
    var scored = groups.map(function (g, i) {
      var theirs = covered.has(g.law) ? (ownRank[g.law] || unranked) : i + 1;
      return {g: g, rank: i + 1, score: 1 / (k + i + 1) + w / (k + theirs)};
    });
    scored.sort(function (a, b) { return b.score - a.score || a.rank - b.rank; });
    return scored.map(function (x) { return x.g; });
  }

  // ------------------------------------------------------------------------------------------ meaning
  // The CLI's semantic stage (meaning.Meaning.wanted, fuse): whether a query wants vectors is decided here;
  // the encoder and the fusion are search/lawmeaning.js, which nothing fetches until a query wants them (the word
  // ranking shows meanwhile).
  function wantsVectors(query, planned, scored, langs, lang) {
    if (!data.meaning || typeof WebAssembly !== "object" || query.indexOf('"') >= 0) return false;
    // a reader who asked the browser to save data is not sent the encoder (~23 MB): the words rank alone
    if (typeof navigator === "object" && navigator.connection && navigator.connection.saveData) return false;
    var english = langs.indexOf("en") >= 0, native = parser.native(langs);
    if (!scored.hits.length) return english;  // no edition is English: its words may have no match
    if (scored.some) return true;
    // a term looked up in another language: the termbase carries it over
    if (lang && native.length && native.indexOf(lang) < 0 && !english) return false;
    // one termbase concept: the termbase says where it is
    if (planned.clauses.length === 1 && planned.clauses[0].concept) return false;
    var content = 0;
    planned.clauses.forEach(function (c) { content += c.text.length; });
    return english || content >= 2;
  }

  function meaningText(query, planned) {
    var text = query.trim();
    planned.units.forEach(function (u) { if (u.corrected) text = text.split(u.word).join(u.corrected); });
    return text;
  }

  // the meaning stage's script (search/lawmeaning.js), loaded the first time a query wants vectors
  var meaningScript = null;
  function loadMeaning() {
    if (window.lawtoolsMeaning) return Promise.resolve(window.lawtoolsMeaning);
    if (!meaningScript) {
      meaningScript = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = data.meaning.script;
        script.onload = function () {
          if (window.lawtoolsMeaning) resolve(window.lawtoolsMeaning);
          else reject(new Error(data.meaning.script + " defines no window.lawtoolsMeaning"));
        };
        script.onerror = function () { meaningScript = null; reject(new Error(data.meaning.script + " did not load")); };
        document.head.appendChild(script);
      });
    }
    return meaningScript;
  }

  function start() {
    var container = document.getElementById("search-results");
    if (!container) return;
    var params = new URLSearchParams(window.location.search);
    var query = params.get("q") || "", lang = params.get("lang") || "";
    var box = document.getElementById("lawtools-search-q");
    if (box) box.value = query;
    if (!query.trim()) { container.setAttribute("data-state", "done"); return; }
    container.setAttribute("data-state", "loading");
    fetch("index.json").then(function (r) { return r.json(); }).then(function (loaded) {
      data = loaded;
      parser = window.lawtoolsQuery(data);
      ranker = window.lawtoolsRank(data);
      var result = search(query, lang);
      if (!result.text) { render(container, result.groups, result.notes); return; }
      // the word ranking at once; the ranking with meaning when the encoder is loaded (the first time: a download)
      render(container, finish(result, result.groups).groups, result.notes, "refining");
      return loadMeaning().then(function (meaning) {
        return meaning.fuse(data, result, ranker.perEdition);
      }).then(function (groups) {
        render(container, finish(result, groups).groups, result.notes);
      }, function (error) {
        if (window.console) console.warn("lawtools search: ranking by words only: " + error);
        container.setAttribute("data-state", "done");
      });
    }).catch(function (error) {
      container.textContent = "Search failed: " + error;
      container.setAttribute("data-state", "done");
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  // mkdocs-material's instant navigation swaps pages without reloading
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(start);
})();

/* lawtools site search, the ranking: the CLI's scoring (Whoosh's BM25F, search/api.py's law groups), in the browser.
 *
 * window.lawtoolsRank(data), over a loaded search/index.json (site/search_page.py), gives
 *   score(planned, filter)               the provisions a plan of search/lawquery.js finds: [document, score, tier]
 *                                        best first (tier 1: some of the words, after those with every word);
 *   group(hits, native, planned, limit)  their laws best first, {law, score, hits, tier}, with at most
 *                                        perEdition provisions of each edition, the query's languages first;
 *   perEdition                           that bound (search/lawmeaning.js keeps it too).
 * search/lawsearch.js (the page) loads it before itself.
 */
(function () {
  "use strict";
  var K1 = 1.2, B = 0.75, GROUP_DECAY = 0.3, GROUP_DEPTH = 6, PER_EDITION = 3;
  // fewer laws than this with every query word: other laws with some of the words follow (dev: 5 and 10 tried;
  // the page shows 10)
  var FILL = 10;

  window.lawtoolsRank = function (data) {
    // ---------------------------------------------------------------------------------------- scoring
    var stats = {};
    function fieldStats(field) {
      if (stats[field]) return stats[field];
      // the statistics of the CLI's engine (Whoosh's BM25F): the document count and a field's average length are
      // over every document of the index, whatever its language (a Swedish field's average counts the German
      // documents as empty), and idf is log(N / (df + 1)) + 1
      var lengths = data.lengths[field] || {}, n = data.docs.length, total = 0;
      Object.keys(lengths).forEach(function (d) { total += lengths[d]; });
      stats[field] = {n: n, avg: total ? total / n : 1, lengths: lengths};
      return stats[field];
    }

    function bm25(field, term) {
      // {doc: [score, positions]} for one term in one field
      var list = data.post[field][term], s = fieldStats(field), df = list.length, out = {};
      var idf = Math.log(s.n / (df + 1)) + 1;
      list.forEach(function (posting) {
        var doc = posting[0], tf = posting.length - 1, len = s.lengths[doc] || 0;
        out[doc] = [idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * len / s.avg)), posting.slice(1)];
      });
      return out;
    }

    function near(lists, slop) {
      // the terms in order, each at most slop positions after the one before (Whoosh's Phrase: slop 1 = adjacent)
      return lists[0].some(function (p) {
        var at = p;
        for (var i = 1; i < lists.length; i++) {
          var next = lists[i].filter(function (q) { return q > at && q - at <= slop; });
          if (!next.length) return false;
          at = next[0];
        }
        return true;
      });
    }

    function alternative(alt) {
      var per = alt.terms.map(function (t) { return bm25(alt.field, t); });
      var out = {};
      Object.keys(per[0]).forEach(function (doc) {
        if (!per.every(function (p) { return p[doc]; })) return;
        if (alt.terms.length > 1 && alt.slop !== undefined && !near(per.map(function (p) { return p[doc][1]; }), alt.slop)) return;
        var score = 0;
        per.forEach(function (p) { score += p[doc][0]; });
        out[doc] = score * alt.boost;
      });
      return out;
    }

    function score(planned, filter) {
      var perClause = planned.clauses.map(function (clause) {
        var sum = {};
        clause.alts.forEach(function (alt) {
          var got = alternative(alt);
          Object.keys(got).forEach(function (d) { sum[d] = (sum[d] || 0) + got[d]; });
        });
        return sum;
      });
      function run(all) {
        var total = {};
        perClause.forEach(function (sum) {
          Object.keys(sum).forEach(function (d) { total[d] = (total[d] || 0) + sum[d]; });
        });
        var docs = Object.keys(total).filter(function (d) {
          if (!filter(data.docs[d])) return false;
          return !all || perClause.every(function (sum) { return sum[d]; });
        });
        return docs.map(function (d) { return [Number(d), total[d] + titleBonus(planned, Number(d))]; });
      }
      var hits = run(true), some = false;
      hits.forEach(function (h) { h.push(0); });
      if (perClause.length > 1 && lawsOf(hits) < FILL) {
        // too few laws have every word: the other laws' provisions with some of the words follow (tier 1), as
        // the CLI's fallback does when none has all
        var full = new Set(hits.map(function (h) { return data.docs[h[0]][2]; }));
        var rest = run(false).filter(function (h) { return !full.has(data.docs[h[0]][2]); });
        rest.forEach(function (h) { h.push(1); });
        some = !hits.length && rest.length > 0;
        hits = hits.concat(rest);
      }
      hits.sort(function (a, b) { return a[2] - b[2] || b[1] - a[1]; });
      return {hits: hits, some: some};
    }

    function lawsOf(hits) {
      return new Set(hits.map(function (h) { return data.docs[h[0]][2]; })).size;
    }

    var bonusCache = null;
    function bonuses(planned) {
      // optional score, never required: the query's words standing together as a phrase (in the text or in the
      // law's title)
      if (bonusCache && bonusCache.planned === planned) return bonusCache.scores;
      var alts = [];
      var typed = planned.units;
      if (typed.length >= 2 && planned.clauses.length >= 2) {
        data.languages.forEach(function (lang) {
          var present = typed.filter(function (u) { return u.forms[lang]; }).map(function (u) { return u.forms[lang].text[0]; });
          if (present.length < 2 || present.some(function (t) { return !data.post["text_" + lang][t]; })) return;
          var slop = 2 + typed.length - present.length;
          alts.push({field: "text_" + lang, terms: present, boost: 1, slop: slop});
          if (present.every(function (t) { return data.post["context_" + lang] && data.post["context_" + lang][t]; })) {
            alts.push({field: "context_" + lang, terms: present, boost: 1, slop: slop});
          }
        });
      }
      var scores = {};
      alts.forEach(function (alt) {
        var got = alternative(alt);
        Object.keys(got).forEach(function (d) { scores[d] = (scores[d] || 0) + got[d]; });
      });
      bonusCache = {planned: planned, scores: scores};
      return scores;
    }

    function titleBonus(planned, doc) {
      return bonuses(planned)[doc] || 0;
    }

    // ---------------------------------------------------------------------------------------- results
    var lawTitles = null;
    function titled(law, planned, hits) {
      // the law's title in an edition among its hits, or in English, answers every clause (CLI: grouping.Grouper.titled)
      if (!lawTitles) {
        lawTitles = {};
        Object.keys(data.post).forEach(function (field) {
          if (field.indexOf("context_") !== 0) return;
          var lang = field.slice(8);
          Object.keys(data.post[field]).forEach(function (term) {
            data.post[field][term].forEach(function (posting) {
              var key = data.docs[posting[0]][2] + "|" + lang;
              (lawTitles[key] = lawTitles[key] || new Set()).add(term);
            });
          });
        });
      }
      var matched = {en: true};
      hits.forEach(function (h) { matched[data.docs[h[0]][1]] = true; });
      return planned.clauses.length > 0 && planned.clauses.every(function (clause) {
        return clause.alts.some(function (alt) {
          var lang = alt.field.slice(alt.field.indexOf("_") + 1), own = matched[lang] && lawTitles[law + "|" + lang];
          return alt.field.indexOf("parts_") !== 0 && own && alt.terms.every(function (t) { return own.has(t); });
        });
      });
    }

    function group(hits, native, planned, limit) {
      var byLaw = {}, order = [];
      hits.forEach(function (h) {
        var law = data.docs[h[0]][2];
        if (!byLaw[law]) { byLaw[law] = []; order.push(law); }
        byLaw[law].push(h);
      });
      var groups = order.map(function (law) {
        var scores = byLaw[law].map(function (h) { return h[1]; }).slice(0, GROUP_DEPTH), s = 0;
        scores.forEach(function (v, i) { s += v * Math.pow(GROUP_DECAY, i); });
        if (planned && titled(law, planned, byLaw[law])) s *= 1 + data.boosts.title;
        return {law: law, score: s, hits: byLaw[law], tier: byLaw[law][0][2] || 0};
      });
      // best first, those with every word before those with some, front matter in its place as in the CLI (the
      // fusion with meaning reads these ranks); finish() puts the laws first for the reader
      groups.sort(function (a, b) { return (a.tier - b.tier) || (b.score - a.score); });
      return groups.slice(0, limit).map(function (g) {
        var byEdition = {}, editions = [];
        g.hits.forEach(function (h) {
          var e = data.docs[h[0]][0];
          if (!byEdition[e]) { byEdition[e] = []; editions.push(e); }
          if (byEdition[e].length < PER_EDITION) byEdition[e].push(h);
        });
        var matched = (planned && planned.matched) || {};
        editions.sort(function (a, b) {
          var na = native.indexOf(data.editions[a]) >= 0 ? 0 : 1, nb = native.indexOf(data.editions[b]) >= 0 ? 0 : 1;
          var ma = matched[data.editions[a]] ? 0 : 1, mb = matched[data.editions[b]] ? 0 : 1;
          return na - nb || ma - mb || byEdition[b][0][1] - byEdition[a][0][1];
        });
        var shown = [];
        editions.forEach(function (e) { shown = shown.concat(byEdition[e]); });
        return {law: g.law, score: g.score, hits: shown, tier: g.tier};
      });
    }

    return {score: score, group: group, perEdition: PER_EDITION};
  };
})();

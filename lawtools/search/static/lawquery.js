/* lawtools site search, the query: what the CLI's QueryParser (search/query.py) makes of a query, in the browser.
 *
 * window.lawtoolsQuery(data), over a loaded search/index.json (site/search_page.py), gives
 *   words(text)         the query's words, lowercased (NFC);
 *   citation(query)     {law, node, chain} for a citation ("Law 64 B 2", "§ 61 B", "lag 71.1"), else null;
 *   miscited(query)     why a citation names nothing the Laws can have ("Law 64Z"), else "";
 *   guess(words)        the query's languages, best first (search/language.py's evidence from the corpus);
 *   plan(query, langs)  the query plan: the typed words with their forms in each language, corrections, concepts,
 *                       and the clauses of alternatives (field, terms, boost, slop) that search/lawrank.js scores.
 * search/lawsearch.js (the page) loads it before itself.
 */
(function () {
  "use strict";
  var CLOSE = 0.75;  // a language with this share of the best one's evidence is the query's language too
  var WORD = /[\p{L}\p{N}]+/gu;

  function norm(text) { return (text || "").normalize("NFC").toLowerCase(); }

  window.lawtoolsQuery = function (data) {
    var stopSets = {};
    Object.keys(data.stop).forEach(function (l) { stopSets[l] = new Set(data.stop[l]); });
    var englishEdition = Object.keys(data.editions).some(function (e) { return data.editions[e] === "en"; });
    // the query languages that have editions: not English, unless an edition is English (language.py Guess.native)
    function nativeOf(langs) { return langs.filter(function (l) { return l !== "en" || englishEdition; }); }

    function words(text) { return norm(text).match(WORD) || []; }

    // ---------------------------------------------------------------------------------------- citations
    // the citation keyword a query opens with ("law", "lag", "§"; not "lawful") and what follows it
    function keywordOf(query) {
      var text = norm(query).trim();
      for (var i = 0; i < data.keywords.length; i++) {
        var k = data.keywords[i];
        if (text.indexOf(k) === 0 && (k === "§" || k === "§§" || !/[\p{L}]/u.test(text.charAt(k.length)))) {
          return {keyword: k, rest: text.slice(k.length).trim()};
        }
      }
      return {keyword: null, rest: text};
    }

    function citation(query) {
      var text = keywordOf(query).rest;
      var direct = /^([1-9]\d?)\s*\.\s*([1-9]\d?)$/u.exec(text);  // an item of a law without sections: 71.1
      if (direct) return {law: direct[1], node: direct[1] + "." + direct[2], chain: [direct[1] + "." + direct[2], direct[1]]};
      // an item only after a section letter, a sub-item only after an item, a sub-sub-item only in brackets after a
      // sub-item: "64z" is no law 6 item 4 (z), "999" no law 99 item 9; a bare number is a law, as in the CLI
      var m = /^([1-9]\d?)(?:\s*([a-h])(?:\s*([1-9]\d?)(?:\s*\(?\s*([a-z])\s*\)?(?:\s*\(\s*([ivx]+)\s*\))?)?)?)?\s*\.?$/u.exec(text);
      if (!m) return null;
      var parts = [m[1], m[2] && m[2].toUpperCase(), m[3], m[4] && "(" + m[4] + ")", m[5] && "(" + m[5] + ")"];
      var chain = [];
      for (var depth = parts.length; depth > 0; depth--) {
        if (parts[depth - 1]) chain.push(parts.slice(0, depth).join(""));
      }
      return {law: m[1], node: chain[0], chain: chain};
    }

    // a keyword and a label alone that no law of the Laws can have ("Law 64Z", "lag 999"): why, or "" (as the CLI's
    // query._miscited; a year after the keyword, "Laws 1997", is words)
    function miscited(query) {
      var found = keywordOf(query), label = found.rest;
      if (!found.keyword) return "";
      if (!/^\d{1,3}(?!\d)[\p{L}\d\s().]*$/u.test(label) || /\p{L}{2,}/u.test(label)) return "";
      var number = /^\d+/.exec(label)[0];
      if (number.length > 2 || number === "0") return "No law of the Laws has the number " + number + ": they run from 1 to 93.";
      var letter = /^\d+\s*(\p{L})/u.exec(label);
      if (letter && !/[a-h]/.test(letter[1])) return "No law of the Laws has a section " + letter[1].toUpperCase() + ": section letters run from A to H, as in 64B.";
      return "";
    }

    // ---------------------------------------------------------------------------------------- languages
    // {language: weight} of the languages a word belongs to (search/language.py word_evidence): the site build
    // gives the CLI's weights for a corpus word where they are not simply 1 for each language it has a reading
    // in; a word no edition has is an inflection of a corpus word (where the CLI's stemmer joins them), a stop
    // word or a common word of a language
    function evidence(word) {
      var given = data.evidence && data.evidence[word];
      if (given) return given;
      var found = {}, forms = data.surface[word], best = 0, stems = forms ? {} : inflected(word);
      data.languages.concat(["en"]).forEach(function (lang) {
        var w = 0;
        if (forms && forms[lang]) w = 1.0;
        else if (word.length >= 3 && stems[lang]) w = 0.6;
        if (w < 0.4 && stopSets[lang] && stopSets[lang].has(word)) w = 0.4;
        if (w) found[lang] = w;
        best = Math.max(best, w);
      });
      if (best < 0.6) {
        Object.keys(data.common || {}).forEach(function (lang) {
          if ((found[lang] || 0) < 0.3 && commonIn(lang, word)) found[lang] = 0.3;
        });
      }
      return found;
    }

    function guess(ws) {
      var scores = {};
      ws.forEach(function (w) {
        if (/^\d+$/.test(w)) return;
        var ev = evidence(w), vals = Object.values(ev);
        if (!vals.length) return;
        var best = Math.max.apply(null, vals);
        var share = 1 / vals.filter(function (v) { return v >= best * CLOSE; }).length;
        Object.keys(ev).forEach(function (lang) {
          scores[lang] = (scores[lang] || 0) + ev[lang] * (ev[lang] >= best * CLOSE ? share : share / 2);
        });
      });
      var langs = Object.keys(scores);
      if (!langs.length) return [];
      var top = Math.max.apply(null, langs.map(function (l) { return scores[l]; }));
      return langs.filter(function (l) { return scores[l] >= top * CLOSE; })
        .sort(function (a, b) { return scores[b] - scores[a]; });
    }

    // ---------------------------------------------------------------------------------------- word forms
    function damerau(a, b, max) {
      if (Math.abs(a.length - b.length) > max) return max + 1;
      var d = [], i, j;
      for (i = 0; i <= a.length; i++) { d[i] = [i]; }
      for (j = 0; j <= b.length; j++) { d[0][j] = j; }
      for (i = 1; i <= a.length; i++) {
        var rowMin = max + 1;
        for (j = 1; j <= b.length; j++) {
          var cost = a[i - 1] === b[j - 1] ? 0 : 1;
          d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
          rowMin = Math.min(rowMin, d[i][j]);
        }
        if (rowMin > max) return max + 1;
      }
      return d[a.length][b.length];
    }

    function frequency(word) {
      var n = 0;
      data.languages.forEach(function (l) { n += (data.counts[l] && data.counts[l][word]) || 0; });
      return n;
    }

    function correct(word, prefer) {
      if (word.length < 4 || /^\d+$/.test(word)) return null;
      var max = word.length >= 8 ? 2 : 1, best = null;
      Object.keys(data.surface).forEach(function (cand) {
        if (cand.length < 3 || Math.abs(cand.length - word.length) > max) return;
        var dist = damerau(word, cand, max);
        if (dist > max) return;
        var own = prefer.some(function (l) { return data.surface[cand][l]; });
        var key = [dist, cand[0] === word[0] ? 0 : 1, own ? 0 : 1, -frequency(cand)];
        if (!best || compare(key, best.key) < 0) best = {word: cand, key: key};
      });
      return best ? best.word : null;
    }

    // the common words of each language (data.common: the lexicon's most frequent words no corpus word spells)
    var common = null;
    function commonIn(lang, word) {
      if (!common) {
        common = {};
        Object.keys(data.common || {}).forEach(function (l) { common[l] = new Set(data.common[l].split(" ")); });
      }
      return !!common[lang] && common[lang].has(word);
    }

    function isCommon(word) {
      return Object.keys(data.common || {}).some(function (lang) { return commonIn(lang, word); });
    }

    function compare(a, b) {
      for (var i = 0; i < a.length; i++) { if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1; }
      return 0;
    }

    // {lang: {text: [forms], parts: [parts], split: [head, tail]}} for a query word (no stemmer in the browser:
    // the surface map has every corpus word; an unknown word is tried as a known word plus an ending)
    function forms(word) {
      var known = data.surface[word];
      var out = {};
      if (known) {  // [forms, parts, split, alone]: split and alone only where the CLI reads it as a compound
        Object.keys(known).forEach(function (lang) {
          var r = known[lang];
          out[lang] = {text: r[0], parts: r[1], split: r[2]};
          if (r[3]) { out[lang].alone = r[3]; out[lang].compound = true; }
        });
        return out;
      }
      out = inflected(word);
      if (!Object.keys(out).length) splitUnknown(word, out);
      return out;
    }

    // a corpus word plus one of its language's inflectional endings (search.yaml suffixes)
    function inflected(word) {
      var out = {};
      Object.keys(data.suffixes).forEach(function (lang) {
        data.suffixes[lang].forEach(function (suffix) {
          if (out[lang] || word.length - suffix.length < 4 || word.slice(-suffix.length) !== suffix) return;
          var base = data.surface[word.slice(0, -suffix.length)];
          if (base && base[lang]) out[lang] = {text: base[lang][0], parts: [], split: [], inflected: true};
        });
      });
      return out;
    }

    // the stem of a corpus word of `lang` (null for a stop word of it, or a word its editions never write)
    function corpusStem(lang) {
      var stop = new Set(data.stop[lang] || []);
      return function (w) {
        var known = data.surface[w];
        return !stop.has(w) && known && known[lang] && known[lang][0].length ? known[lang][0][0] : null;
      };
    }

    // the stem of the corpus word a compound's head stands for: the head, or the head with a final vowel the
    // language drops before a tail ("spelförar-anspråk": spelförare): analysis.Analyzer.head_word
    function headStem(rule, stem, head) {
      var found = stem(head);
      (rule.elided || []).forEach(function (vowel) { found = found || stem(head + vowel); });
      return found;
    }

    // a compound no corpus text has, as corpus words of one language: two where two will do (the most even cut
    // first, with the language's linking letters), else up to the language's max_parts ("tisch-karten-bezeichnung"):
    // analysis.Analyzer.split_compound, over the surface map
    function splitUnknown(word, out) {
      Object.keys(data.compounds || {}).forEach(function (lang) {
        var rule = data.compounds[lang], split = splitInto(rule, lang, corpusStem(lang), word, rule.max_parts);
        if (split) out[lang] = {text: [], parts: [], split: split, compound: true};
      });
    }

    function splitInto(rule, lang, stem, word, most) {
      if (word.length < 2 * rule.min_part - 1) return null;
      var best = null;  // fewest parts first, then the most even cut
      for (var cut = rule.min_part; cut < word.length - 2; cut++) {
        var head = word.slice(0, cut), rest = word.slice(cut), h = headStem(rule, stem, head);
        if (!h) continue;
        [""].concat(rule.linking).forEach(function (link) {
          if (rest.indexOf(link) !== 0) return;
          var tail = rest.slice(link.length);
          if (tail.length < 3) return;
          var t = stem(tail);
          // a common word of the language is read as that word, not split further (the page knows the most
          // frequent ones: data.common)
          var more = !t && most > 2 && !commonIn(lang, tail) ? splitInto(rule, lang, stem, tail, most - 1) : null;
          var found = t ? [h, t] : (more ? [h].concat(more) : null);
          if (!found) return;
          var rank = [found.length, -Math.min(head.length, tail.length)];
          if (!best || compare(rank, best.rank) < 0) best = {rank: rank, split: found};
        });
      }
      return best ? best.split : null;
    }

    // a compound no corpus text has whose one side is a corpus word and whose other side is not (a word of the
    // language the corpus never writes alone: "verzakings-regels"): the corpus side alone, longest first
    // (clauses.py: half_split_parts; the browser has no general-language word list, so this is tried only for a
    // word that typo correction could not place)
    function halfSplit(word) {
      var out = {};
      Object.keys(data.compounds || {}).forEach(function (lang) {
        var rule = data.compounds[lang], best = null, stem = corpusStem(lang);
        if (word.length < 2 * rule.min_part - 1) return;
        for (var cut = rule.min_part; cut <= word.length - rule.min_part; cut++) {
          var head = word.slice(0, cut), rest = word.slice(cut);
          [""].concat(rule.linking).forEach(function (link) {
            if (rest.indexOf(link) !== 0) return;
            var tail = rest.slice(link.length);
            if (tail.length < rule.min_part) return;
            [[head, tail, headStem(rule, stem, head)], [tail, head, stem(tail)]].forEach(function (pair) {
              var known = pair[2];
              if (known && !stem(pair[1]) && (!best || pair[0].length > best.length)) best = {length: pair[0].length, stem: known};
            });
          });
        }
        if (best) out[lang] = {text: [], parts: [], split: [], alone: [best.stem], compound: true};
      });
      return out;
    }

    // ---------------------------------------------------------------------------------------- the plan
    var englishTerms = null;
    function inCorpus(unit, lang) {
      // a provision of the language has the word (its forms, or a compound's parts): query.py QueryParser._in_corpus
      var f = unit.forms[lang];
      return !!f && (f.text.some(function (t) { return data.post["text_" + lang] && data.post["text_" + lang][t]; })
                     || (f.split && f.split.length > 0) || (f.alone && f.alone.length > 0));
    }

    function knownBesidesGlossary(unit, lang) {
      // for a corpus language: a word of its provisions; for English: a corpus word of some language, an English
      // termbase word or a word of an English law title (query.py: QueryParser._known_in)
      if (lang !== "en") return inCorpus(unit, lang);
      if (!englishTerms) {
        englishTerms = new Set();
        data.concepts.forEach(function (c) {
          if (c.glossary) return;
          // a term of one word: a word only inside a longer term ('player' of 'offending player') names nothing alone
          c.entries.forEach(function (e) { if (e[0] === "en" && e[1].length === 1) e[1][0].forEach(function (w) { englishTerms.add(w); }); });
        });
      }
      // (a word only the glossary spells, in any language, is in the surface map too: it counts when its forms
      // are in some provision)
      if (Object.keys(unit.forms).some(function (l) { return l !== "en" && inCorpus(unit, l); })) return true;
      var en = unit.forms.en;
      return !!en && en.text.some(function (t) { return englishTerms.has(t) || (data.post.context_en && data.post.context_en[t]); });
    }

    function formed(unit, lang, forms) {
      var f = !unit.stop && unit.forms[lang];
      return !!f && f.text.some(function (t) { return forms.indexOf(t) >= 0; });
    }

    function concepts(units, langs) {
      // runs of query words that name a termbase concept, longest first; the English glossary's concepts only in
      // an English query, for a word nothing else knows, and never against a termbase concept (and, as
      // query_terms.py's GLOSSARY_NATIVE, for a word of the query's own corpus language that no provision has).
      // Stop words are passed over, except in a term matched as written (query_terms.py: QueryTerms.match):
      // entry[4] is the term word by word ("" for a word of entry[1], a stop word as itself), entry[5] marks a term
      // that only matches so ("face up", whose stop word tells it from "face down")
      var spans = [], english = langs.indexOf("en") >= 0;
      var own = langs.filter(function (l) { return l !== "en" || english; });
      var positions = [];
      units.forEach(function (u, n) { if (!u.stop) positions.push(n); });
      positions.forEach(function (start, k) {
        data.concepts.forEach(function (concept) {
          if (concept.glossary && !own.length) return;
          concept.entries.forEach(function (entry) {
            var lang = entry[0], ws = entry[1];
            if (concept.glossary && (own.indexOf(lang) < 0 || knownBesidesGlossary(units[start], lang))) return;
            if (!ws.length || entry[5] || k + ws.length > positions.length) return;
            for (var j = 0; j < ws.length; j++) if (!formed(units[positions[k + j]], lang, ws[j])) return;
            spans.push({start: start, end: positions[k + ws.length - 1] + 1, concept: concept, lang: lang});
          });
        });
      });
      for (var start = 0; start < units.length; start++) {
        data.concepts.forEach(function (concept) {
          concept.entries.forEach(function (entry) {
            var lang = entry[0], stops = entry[4];
            if (!stops || (concept.glossary && own.indexOf(lang) < 0) || start + stops.length > units.length) return;
            for (var j = 0, w = 0; j < stops.length; j++) {
              var u = units[start + j];
              if (stops[j] ? u.word !== stops[j] : !formed(u, lang, entry[1][w++])) return;
            }
            spans.push({start: start, end: start + stops.length, concept: concept, lang: lang, written: true});
          });
        });
      }
      spans = spans.filter(function (s) {
        return !s.concept.glossary || !spans.some(function (t) { return !t.concept.glossary && t.start === s.start && t.end === s.end; });
      });
      // a term as written is read whole before the words of it any term has alone
      spans.sort(function (a, b) {
        return (a.concept.glossary && !a.written ? 1 : 0) - (b.concept.glossary && !b.written ? 1 : 0)
          || (b.end - b.start) - (a.end - a.start) || a.start - b.start;
      });
      var taken = {}, chosen = [];
      spans.forEach(function (s) {
        // every concept the same words name counts (query_terms.py keeps them all: "bid" is the bid and, through
        // "bidding", the auction); a span overlapping a chosen one is left out
        var same = chosen.filter(function (c) { return c.start === s.start && c.end === s.end; });
        if (same.length) {
          if (same[0].concepts.indexOf(s.concept) < 0) { same[0].concepts.push(s.concept); same[0].langs.push(s.lang); }
          return;
        }
        for (var k = s.start; k < s.end; k++) { if (taken[k]) return; }
        for (var m = s.start; m < s.end; m++) taken[m] = true;
        chosen.push({start: s.start, end: s.end, concepts: [s.concept], langs: [s.lang], written: !!s.written});
      });
      return chosen;
    }

    // a separable verb's particle, last in a main clause ('komt ... uit'), joined in front of the nearest earlier
    // word where the Laws write the joined word ('uitkomt'): query.py QueryParser._join_particle. Returns the words
    // and the page's note on the reading ('' when nothing was joined).
    function joinParticle(ws, native, stop) {
      if (ws.length < 2) return {words: ws, note: ""};
      var particle = ws[ws.length - 1];
      for (var n = 0; n < native.length; n++) {
        var own = (data.particles || {})[native[n]];
        if (!own || own.indexOf(particle) < 0) continue;
        for (var i = ws.length - 2; i >= 0; i--) {
          if (stop.has(ws[i]) || own.indexOf(ws[i]) >= 0) continue;
          var known = data.surface[particle + ws[i]];
          if (known && known[native[n]]) {
            return {words: ws.slice(0, i).concat([particle + ws[i]], ws.slice(i + 1, -1)),
                    note: "Read '" + ws[i] + " … " + particle + "' as '" + particle + ws[i] + "'."};
          }
        }
      }
      return {words: ws, note: ""};
    }

    function plan(query, langs) {
      var native = nativeOf(langs);
      var stop = new Set();
      langs.forEach(function (l) { (data.stop[l] || []).forEach(function (w) { stop.add(w); }); });
      var units = [], read = joinParticle(words(query), native, stop);
      read.words.forEach(function (w) {
        if (stop.has(w)) { units.push({word: w, stop: true, forms: {}}); return; }
        if (w.length < 2 && !/^\d$/.test(w)) return;
        var f = forms(w), corrected = null;
        if (!Object.keys(f).length) {
          // a common word of some query language is a word, not a typo (query.py: QueryParser.real_word)
          corrected = isCommon(w) ? null : correct(w, native);
          if (corrected) f = forms(corrected);
          else f = halfSplit(w);
        }
        units.push({word: w, corrected: corrected, forms: f});
      });
      var spans = concepts(units, langs), clauses = [], i = 0;
      var b = data.boosts;
      while (i < units.length) {
        var span = spans.filter(function (s) { return s.start === i; })[0];
        if (!span && units[i].stop) { i++; continue; }
        var clause = {text: [], alts: [], concept: !!span};
        if (span) {
          for (var k = span.start; k < span.end; k++) {
            if (span.written || !units[k].stop) clause.text.push(units[k].corrected || units[k].word);
          }
          // the words themselves count too (clauses.py: ClauseBuilder.clause): a term of one word as any word; the
          // words of a longer term standing together, in every language that has them all
          var spanUnits = units.slice(span.start, span.end).filter(function (x) { return !x.stop; });
          if (span.end - span.start === 1) spanUnits.forEach(function (x) { wordAlternatives(clause, x, native); });
          else data.languages.forEach(function (lang) {
            if (!spanUnits.length || !spanUnits.every(function (x) { return x.forms[lang]; })) return;
            var own = !native.length || native.indexOf(lang) >= 0 ? 1 : b.foreign;
            var terms = spanUnits.map(function (x) { return x.forms[lang].text[0]; });
            if (terms.some(function (t) { return t === undefined; })) return;
            clause.alts.push({field: "text_" + lang, terms: terms, boost: own, slop: 1});
            if (terms.length === 1) clause.alts.push({field: "parts_" + lang, terms: terms, boost: own * b.part});
          });
          // and in the laws' English titles, as for any other words of an English query
          // (clauses.py: ClauseBuilder.clause)
          var english = spanUnits.filter(function (x) { return x.forms.en && x.forms.en.text.length; })
            .map(function (x) { return x.forms.en.text[0]; });
          if (english.length && (langs.indexOf("en") >= 0 || !langs.length)) {
            clause.alts.push(english.length === 1 ? {field: "context_en", terms: english, boost: b.title_en}
              : {field: "context_en", terms: english, boost: b.title_en, slop: 1 + spanUnits.length - english.length});
          }
          // then the concept's terms (after the words, as clauses.py adds them: the first of two alternatives that
          // differ only in boost is the one kept)
          var matched = span.langs;
          span.concepts.forEach(function (concept) {
            concept.entries.forEach(function (entry) {
              var lang = entry[0];
              if ((lang === "en" && !englishEdition) || !entry[3] || !entry[1].length) return;
              var boost = (b.status[entry[2]] || 1) * (concept.glossary ? b.glossary : 1);
              if (native.length && native.indexOf(lang) < 0) boost *= b.expansion;
              else if (!native.length && matched.indexOf(lang) < 0 && matched.indexOf("en") < 0) boost *= b.expansion;
              // as clauses.py's ClauseBuilder.clause: a one-word term by its first two forms, in the text and as a
              // compound part; a term of several words standing together (as many words apart as it has stop words,
              // and two more) and, for less, its words anywhere (word order varies: German verb-final clauses)
              if (entry[1].length === 1) {
                entry[1][0].slice(0, 2).forEach(function (form) {
                  clause.alts.push({field: "text_" + lang, terms: [form], boost: boost});
                  clause.alts.push({field: "parts_" + lang, terms: [form], boost: boost * b.part});
                });
              } else {
                var terms = entry[1].map(function (ws) { return ws[0]; });
                var gaps = (entry[4] || []).filter(function (w) { return w; }).length;
                clause.alts.push({field: "text_" + lang, terms: terms, boost: boost, slop: 2 + gaps});
                clause.alts.push({field: "text_" + lang, terms: terms, boost: boost * b.scattered});
              }
            });
          });
          i = span.end;
        } else {
          var u = units[i];
          clause.text.push(u.corrected || u.word);
          wordAlternatives(clause, u, native);
          if (u.forms.en && (langs.indexOf("en") >= 0 || !langs.length)) {
            u.forms.en.text.forEach(function (t) { clause.alts.push({field: "context_en", terms: [t], boost: b.title_en}); });
          }
          i++;
        }
        // a provision is read under its law's title: a word of the title answers the clause in every provision of
        // the law (clauses.py: ClauseBuilder.clause)
        clause.alts.slice().forEach(function (a) {
          if (a.terms.length === 1 && a.field.indexOf("text_") === 0) {
            clause.alts.push({field: "context_" + a.field.slice(5), terms: a.terms, boost: a.boost * b.context});
          }
        });
        clause.alts = unique(clause.alts.filter(function (a) {
          return a.terms.every(function (t) { return data.post[a.field] && data.post[a.field][t]; });
        }));
        if (clause.alts.length) clauses.push(clause);
      }
      // the languages the query's own words, or the concepts they name, were matched in (grouping.Grouper.group:
      // an edition of such a language leads its law's results, after the query's own languages)
      var matched = {};
      spans.forEach(function (s) { s.langs.forEach(function (l) { matched[l] = true; }); });
      // (English readings count only where an edition is English: elsewhere they are the laws' English titles)
      units.forEach(function (u) {
        Object.keys(u.forms).forEach(function (l) { if (l !== "en" || englishEdition) matched[l] = true; });
      });
      return {clauses: clauses, units: units.filter(function (u) { return !u.stop; }), joined: read.note,
              matched: matched};
    }

    // a word's own alternatives in each corpus language it has a reading in (clauses.py: ClauseBuilder.clause, a
    // one-word unit): its forms in the text and as a compound part and, where the CLI reads it as a compound,
    // its parts together, apart and alone
    function wordAlternatives(clause, u, native) {
      var b = data.boosts;
      Object.keys(u.forms).forEach(function (lang) {
        var f = u.forms[lang];
        if (lang === "en") return;
        var own = !native.length || native.indexOf(lang) >= 0 ? 1 : b.foreign;
        if (f.inflected) own *= 0.8;
        f.text.forEach(function (t) { clause.alts.push({field: "text_" + lang, terms: [t], boost: own}); });
        f.text.forEach(function (t) { clause.alts.push({field: "parts_" + lang, terms: [t], boost: own * b.part}); });
        if (f.split && f.split.length >= 2) {
          clause.alts.push({field: "text_" + lang, terms: f.split, boost: own * b.compound, slop: 2});
          // the parts apart, in either order, for less (clauses.py: SCATTERED_BOOST)
          if (f.compound) clause.alts.push({field: "text_" + lang, terms: f.split, boost: own * b.compound * b.scattered});
        }
        // a compound the corpus never writes: one part alone answers it too, for less (clauses.py: PART_ALONE_BOOST)
        if (f.compound) {
          (f.alone || (f.split || [])).forEach(function (t) {
            clause.alts.push({field: "text_" + lang, terms: [t], boost: own * b.compound * b.alone});
          });
        }
      });
    }

    // one alternative per field, terms and kind (a phrase or words anywhere), with the highest boost any source gave
    // it: a word's stem, a concept's forms and the glossary often name the same term, which must count once in a
    // clause's sum (clauses.py: ClauseBuilder.clause keys its alternatives the same way)
    function unique(alts) {
      var kept = {}, order = [];
      alts.forEach(function (a) {
        // a one-word "phrase" is the word: the same alternative as the word alone (plan.py: Alternative.phrase)
        var key = a.field + "|" + a.terms.join(" ") + "|" + (a.slop === undefined || a.terms.length < 2 ? "" : "phrase");
        if (!(key in kept)) { kept[key] = a; order.push(key); }
        else if (a.boost > kept[key].boost) kept[key] = a;
      });
      return order.map(function (key) { return kept[key]; });
    }

    return {words: words, native: nativeOf, citation: citation, miscited: miscited, guess: guess, plan: plan};
  };
})();

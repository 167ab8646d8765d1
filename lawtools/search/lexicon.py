"""General-language word lists: which words are real words of a language even when the corpus lacks them.

Typo correction must leave a real word alone ("mange" is Norwegian for "many", not a misspelt "ange"), and
language detection counts such words as evidence. The lists come from `wordfreq` (optional extra
`lexicon`; its data ships inside the package) and are written at index time into lexicon.marshal, so a
query never imports wordfreq. Without wordfreq the lists are empty and only the corpus vocabulary counts.
"""

from __future__ import annotations

MIN_ZIPF = 3.0  # about once per million words: common words, not the long tail of names and misspellings
MAX_WORDS = 40000


def build_lexicon(languages: list[str]) -> dict[str, list[str]]:
    """{language: [common words]} for every language wordfreq knows (others are left out)."""
    try:
        import wordfreq
    except ImportError:
        return {}
    lexicon = {}
    for language in languages:
        try:
            top = wordfreq.top_n_list(language, MAX_WORDS)
        except (LookupError, ValueError):
            continue
        found = [w for w in top if wordfreq.zipf_frequency(w, language) >= MIN_ZIPF and w.isalpha()]
        if found:
            lexicon[language] = found
    return lexicon

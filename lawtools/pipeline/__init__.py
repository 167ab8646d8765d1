"""The main job (`lawtools build`) as stages, each keyed by the fingerprints of its inputs.

`fingerprint` hashes files (reusing a digest while a file's size, mtime and inode are unchanged) and names the
code each stage depends on; `stages` holds the stages (ingest, index, checks, concordance, diffs, site), what
each reads and how it is skipped; `runner` runs them in order and reports one line per stage: ran or skipped,
why, how long; `progress` is the progress display of long stages (a bar on a terminal, plain lines in CI).
"""

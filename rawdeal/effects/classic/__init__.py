"""Raw Deal's card language at the scale of the whole Classic pool.

`lexicon` (the pre-pass: sentences, and tokens by dictionary lookup), `grammar/classic.lark` (opening
frames, templated actions, a condition sub-grammar, applied sentence by sentence), `model` (the typed
objects), `compiler`, `render` (canonical English), `overrides` (the counted per-card table) and
`check` (the pool report of `rawdeal cards --pool classic --check`).
"""

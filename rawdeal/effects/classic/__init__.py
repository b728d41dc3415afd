"""Raw Deal's card language at the scale of the whole Classic pool.

`lexicon` (the pre-pass: sentences, and tokens by dictionary lookup), `grammar/classic.lark` (opening
frames, templated actions, a condition sub-grammar, applied sentence by sentence), `model` (the typed
parse), `compiler`, `render` (canonical English), `lowering` (the parse to the engine's effect objects),
`playable` (a pool parsed and lowered card by card), `overrides` (the counted per-card table) and `check`
(the pool report of `rawdeal cards --pool classic --check`). See docs/card-language.md.
"""

"""The narrative text corpus: Wikipedia season articles or the offline survivoR corpus, chunked and
embedded into Postgres/pgvector by `python -m ingest.text.build`.

Modules: `documents` (the Document/Section shape every corpus produces), `wikipedia` + `wikipedia_html`
(fetch and clean the season articles), `corpus` (the offline corpus from survivoR), `chunker` (tiktoken
token windows), `build` (the incremental pipeline and its command line).
"""

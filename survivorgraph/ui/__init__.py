"""The Streamlit comparison page, in small modules; `app.py` only calls `page.main()`.

- `resources`: settings, the cached core object (`st.cache_resource`), cached status and schema (`st.cache_data`)
- `runner`: answers one question with each strategy in worker threads (no Streamlit calls there)
- `columns`: one strategy's column: status with its steps, answer, metrics, evidence tabs
- `trace`: the readable step-by-step trace (the agent's linking, routing, tools, critic)
- `evidence_graph`: the bounded subgraph behind a result's rows, for the graph component
- `compare`: the answer-agreement heuristic and the comparison row
- `history`: the session's questions
- `sidebar`: status panel and example questions (`examples`)
- `headless`: start the page and drive headless Chromium over CDP (browser test, benchmark)
"""

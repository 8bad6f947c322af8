"""The Streamlit app, in small modules; `app.py` only sets up navigation between its two pages:
the comparison page (`page.main()`, the default) and the Evaluation page (`evaluation_page`).

- `resources`: settings, the cached core object (`st.cache_resource`), cached status and schema (`st.cache_data`)
- `runner`: answers one question with each strategy in worker threads (no Streamlit calls there); each
  reports its steps and streamed answer into a `retrievers.progress.Progress` the page polls
- `columns`: one strategy's column: live status with its steps and the answer as it streams, then the answer,
  metrics, evidence tabs
- `trace`: the readable step-by-step trace (the agent's linking, routing, tools, critic)
- `evidence_graph`: the bounded subgraph behind a result's rows, for the graph component
- `compare`: the answer-agreement heuristic and the comparison row
- `history`: the session's questions
- `sidebar`: status panel and example questions (`examples`)
- `headless`: start the page and drive headless Chromium over CDP (browser test, benchmark)
- `evaluation_page` (a page script) and `eval_runs`: the latest evaluation run, its targets, heatmap and
  per-question drill-down
"""

"""survivorgraph: Graph-RAG comparison over the Survivor knowledge graph.

Importing the package makes every log record redacted (survivorgraph.redact): whichever library logs a URI,
its password or key never reaches a handler.
"""

from survivorgraph.redact import install_log_redaction

install_log_redaction()

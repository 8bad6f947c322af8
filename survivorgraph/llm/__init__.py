"""LLM layer: one OpenAI-API client for OpenAI, any compatible server, or the embedded llama.cpp."""

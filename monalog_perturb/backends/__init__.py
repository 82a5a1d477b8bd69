"""Model backends behind small interfaces: NLI teachers, embeddings, fluency, a chat client."""

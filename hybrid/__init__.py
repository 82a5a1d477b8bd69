"""The neural side of monalog: BERT fallback, hybrid classifier, perturbation generators."""

"""Every generator as a recipe with a `build(options)` entry point (modules imported on demand):
bionli, kbin (and its random / mlm baselines), evonli, gennd, debate."""

RECIPES = ("bionli", "kbin", "evonli", "gennd", "debate")

"""The perturbation framework (after TextAttack) and its recipes."""

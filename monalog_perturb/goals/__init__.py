"""Goals: score candidates toward a target label."""

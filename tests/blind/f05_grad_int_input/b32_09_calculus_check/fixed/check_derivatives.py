"""Check my hand-derived derivatives against jax.grad (problem set 1, question 4)."""
import jax
import jax.numpy as jnp

from functions import PROBLEMS

POINTS = [-2, -1, 0, 1, 2]


def check(name, f, df_hand):
    df_auto = jax.grad(f)
    worst = 0.0
    for x in POINTS:
        auto = df_auto(float(x))
        hand = df_hand(x)
        print(f"{name:8s} x={x:+d}  jax.grad={float(auto):+.4f}  by hand={float(hand):+.4f}")
        worst = max(worst, abs(float(auto - hand)))
    return worst


def main():
    errors = {name: check(name, f, df) for name, (f, df) in PROBLEMS.items()}
    print("max abs difference:", errors)
    return errors


if __name__ == "__main__":
    main()

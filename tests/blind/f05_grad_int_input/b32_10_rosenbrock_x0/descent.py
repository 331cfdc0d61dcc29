"""Lab 2: plain gradient descent on the test problems, printing the progress."""
import jax
import jax.numpy as jnp

from problems import PROBLEMS

N_STEPS = 200


def gradient_descent(fn, x0, lr, n_steps=N_STEPS):
    x = jnp.asarray(x0)
    grad_fn = jax.jit(jax.grad(fn))
    for k in range(n_steps):
        x = x - lr * grad_fn(x)
        if k % 50 == 0:
            print(f"  iter {k:3d}  f = {float(fn(x)):.5f}")
    return x


def main():
    results = {}
    for name, cfg in PROBLEMS.items():
        print(name)
        results[name] = gradient_descent(cfg["fn"], cfg["x0"], cfg["lr"])
        print("  x* =", results[name])
    return results


if __name__ == "__main__":
    main()

"""Register a delayed sine to the template by gradient descent on the warp."""
import jax
import jax.numpy as jnp

from warp.align import alignment_grad
from warp.spline import Spline


def signals(n=100, span=9.0):
    times = jnp.linspace(0.0, span, n)
    return times, jnp.sin(times), jnp.sin(0.9 * times)


def register(steps=30, lr=0.5):
    times, template, observed = signals()
    spline = Spline.identity(10)
    for _ in range(steps):
        loss, grads = alignment_grad(spline, template, observed, times)
        spline = Spline(spline.knots, spline.heights - lr * grads.heights)
    return spline, loss


def main():
    spline, loss = register()
    print("warp heights", spline.heights, "loss", float(loss))


if __name__ == "__main__":
    main()

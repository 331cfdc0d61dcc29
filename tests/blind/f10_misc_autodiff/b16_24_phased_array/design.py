"""Design complex element weights for a steered beam with suppressed sidelobes."""
import jax
import jax.numpy as jnp

from array_model import design_loss, steering
from settings import ARRAY, OPTIMIZER, WEIGHT_DTYPE


def design(array=ARRAY, opt=OPTIMIZER):
    n, d = array["n_elements"], array["spacing"]
    a_main = steering(n, d, array["steer_deg"])
    a_side = [steering(n, d, ang) for ang in array["sidelobe_deg"]]
    weights = a_main.astype(WEIGHT_DTYPE) / n
    grad_fn = jax.jit(jax.grad(design_loss, **opt["grad_kwargs"]))
    for _ in range(opt["n_iter"]):
        g = grad_fn(weights, a_main, a_side)
        weights = weights - opt["lr"] * jnp.conj(g)
    return weights, design_loss(weights, a_main, a_side)


def main():
    weights, loss = design()
    print("loss", float(loss), "max |w|", float(jnp.abs(weights).max()))


if __name__ == "__main__":
    main()

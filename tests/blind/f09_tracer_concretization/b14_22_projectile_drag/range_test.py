import jax
import jax.numpy as jnp

from ballistics.fit import fit_drag
from ballistics.integrate import fly


def measurements():
    shots = jnp.array([[30.0, 30.0], [35.0, 45.0], [40.0, 20.0], [25.0, 60.0]])
    observed = jax.vmap(lambda v, a: fly(v, a, 0.012, 2.0, 0.01))(shots[:, 0], shots[:, 1])
    return shots, observed


def main(steps=50):
    shots, observed = measurements()
    drag_k, loss = fit_drag(shots, observed, steps=steps)
    print("drag k:", float(drag_k), "loss:", float(loss))
    return drag_k


if __name__ == "__main__":
    main()

"""Strong-constraint 4D-Var: correct the initial condition from end-time sensors."""
import jax
import jax.numpy as jnp

from burgers import NX, forecast, grid
from observations import PointSensors


def truth_initial():
    x = grid()
    return jnp.sin(x) + 0.3 * jnp.sin(3.0 * x + 0.5)


def background_initial():
    return jnp.sin(grid())


def gradient_wrt_initial(u0, sensors, y):
    uT, adjoint = jax.vjp(forecast, u0)
    seed = sensors.misfit_gradient(uT, y)
    (grad_u0,) = adjoint(seed)
    return sensors.misfit(uT, y), grad_u0


def main(iterations=20, lr=2e-4):
    sensors = PointSensors(jnp.arange(0, NX, 8))
    y = sensors.observe(forecast(truth_initial()))
    u0 = background_initial()
    for _ in range(iterations):
        J, g = gradient_wrt_initial(u0, sensors, y)
        u0 = u0 - lr * g
    print(f"cost {float(J):.3f}, initial-state error {float(jnp.linalg.norm(u0 - truth_initial())):.3f}")
    return J


if __name__ == "__main__":
    main()

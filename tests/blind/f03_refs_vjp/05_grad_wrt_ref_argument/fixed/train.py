import jax
import jax.numpy as jnp

from pendulum import calibration_loss, simulate


def calibrate(params_ref, observed, steps=5, lr=0.5):
    for _ in range(steps):
        g = jax.grad(calibration_loss)(params_ref[...], observed)
        params_ref[...] -= lr * g
    return params_ref[...]


def main():
    observed = simulate(jnp.array([9.0, 0.3]))
    params_ref = jax.new_ref(jnp.array([8.0, 0.1]))
    est = calibrate(params_ref, observed)
    print(est)
    return est


if __name__ == "__main__":
    main()

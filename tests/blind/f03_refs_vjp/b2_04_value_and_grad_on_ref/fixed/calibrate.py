import jax
import jax.numpy as jnp

from oscillator import simulate, trajectory_error


class Calibrator:
    def __init__(self, k_init):
        self.k = jax.new_ref(jnp.asarray(k_init))

    def loss(self, k_ref, observed):
        return trajectory_error(k_ref[...], observed)

    def run(self, observed, iters):
        for _ in range(iters):
            err, dk = jax.value_and_grad(self.loss)(self.k[...], observed)
            self.k[...] -= 2.0 * dk
        return err


def main(iters=20):
    observed = simulate(4.0, 1.0, 0.0, 60)
    cal = Calibrator(3.0)
    err = cal.run(observed, iters)
    print("k", float(cal.k[...]), "err", float(err))
    return float(cal.k[...])


if __name__ == "__main__":
    main()

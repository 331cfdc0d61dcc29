import jax
import jax.numpy as jnp
import numpy as np

from pk_model import concentration

rng = np.random.default_rng(0)
N_PATIENTS = 5
TIMES = jnp.array([0.5, 1.0, 2.0, 4.0, 8.0, 12.0, 24.0])
DOSES = jnp.array([100.0, 150.0, 100.0, 200.0, 120.0])
TRUE_K = jnp.array([0.10, 0.15, 0.08, 0.20, 0.12])
OBS = np.asarray(concentration(DOSES, TRUE_K, TIMES)) * (1 + 0.05 * rng.standard_normal((N_PATIENTS, TIMES.size)))


def nll(log_k, doses, times, obs):
    pred = concentration(doses, jnp.exp(log_k), times)
    return jnp.mean((jnp.log(pred) - jnp.log(obs)) ** 2)


def main():
    log_k = jnp.log(jnp.full(N_PATIENTS, 0.1))
    for it in range(100):
        val, g = jax.value_and_grad(nll)(log_k, DOSES, TIMES, jnp.asarray(OBS))
        log_k = log_k - 0.5 * g
        if it % 20 == 0:
            print(it, float(val))
    print("k_el estimates:", jnp.exp(log_k))


if __name__ == "__main__":
    main()

import jax
import jax.numpy as jnp
import numpy as np

from hmm import DiscreteHMM


def sample_sequence(T=80, seed=0):
    rng = np.random.default_rng(seed)
    A = np.array([[0.95, 0.05], [0.1, 0.9]])
    B = np.array([[0.3, 0.2, 0.2, 0.3], [0.1, 0.4, 0.4, 0.1]])
    z, obs = 0, []
    for _ in range(T):
        obs.append(rng.choice(4, p=B[z]))
        z = rng.choice(2, p=A[z])
    return np.array(obs)


def init_params(key, K=2, M=4):
    k1, k2, k3 = jax.random.split(key, 3)
    return {"pi_logits": 0.1 * jax.random.normal(k1, (K,)),
            "A_logits": 0.1 * jax.random.normal(k2, (K, K)),
            "B_logits": 0.1 * jax.random.normal(k3, (K, M))}


def fit(obs, iters=15, lr=0.05):
    hmm = DiscreteHMM(2, 4)
    params = init_params(jax.random.key(0))
    nll = lambda p: -hmm.log_likelihood(p, obs) / len(obs)
    grad_fn = jax.value_and_grad(nll)
    for _ in range(iters):
        loss, g = grad_fn(params)
        params = jax.tree.map(lambda p, d: p - lr * d, params, g)
    return params, loss


def main():
    obs = sample_sequence()
    params, loss = fit(obs)
    print("per-symbol NLL", float(loss))


if __name__ == "__main__":
    main()

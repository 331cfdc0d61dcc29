"""Two-state CpG-island HMM: fit the log transition matrix by maximum likelihood."""
import jax
import jax.numpy as jnp

from prims import logaddexp

# emission log-probabilities for A, C, G, T in the background and island states
EMIT = jnp.log(jnp.array([[0.30, 0.20, 0.20, 0.30],
                          [0.15, 0.35, 0.35, 0.15]]))


def log_likelihood(log_trans, seq):
    log_trans = jax.nn.log_softmax(log_trans, axis=1)
    alpha = jnp.log(jnp.array([0.5, 0.5])) + EMIT[:, seq[0]]
    for s in seq[1:]:
        to_bg = logaddexp(alpha[0] + log_trans[0, 0], alpha[1] + log_trans[1, 0])
        to_isl = logaddexp(alpha[0] + log_trans[0, 1], alpha[1] + log_trans[1, 1])
        alpha = jnp.stack([to_bg, to_isl]) + EMIT[:, s]
    return logaddexp(alpha[0], alpha[1])


def fit(seq, steps=20, lr=0.05):
    log_trans = jnp.log(jnp.array([[0.9, 0.1], [0.2, 0.8]]))
    nll = lambda t: -log_likelihood(t, seq)
    for _ in range(steps):
        value, grad = jax.value_and_grad(nll)(log_trans)
        log_trans = log_trans - lr * grad
    return log_trans, value


def main():
    seq = jnp.array([0, 1, 2, 1, 2, 2, 1, 3, 0, 1, 2, 1])
    log_trans, value = fit(seq)
    print("nll", float(value))
    print(jax.nn.softmax(log_trans, axis=1))


if __name__ == "__main__":
    main()

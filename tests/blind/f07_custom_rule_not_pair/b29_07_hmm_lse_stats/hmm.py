"""Discrete-emission HMM for CpG-island style sequence segmentation."""
import jax
import jax.numpy as jnp

from logspace import logsumexp_rows, softmax_stats


class DiscreteHMM:
    def __init__(self, n_states, n_symbols):
        self.n_states = n_states
        self.n_symbols = n_symbols

    def unpack(self, params):
        log_pi = jax.nn.log_softmax(params["pi_logits"])
        log_A = jax.nn.log_softmax(params["A_logits"], axis=1)
        log_B = jax.nn.log_softmax(params["B_logits"], axis=1)
        return log_pi, log_A, log_B

    def log_likelihood(self, params, obs):
        log_pi, log_A, log_B = self.unpack(params)
        alpha = log_pi + log_B[:, obs[0]]
        for t in range(1, len(obs)):
            # alpha_j(t) = log sum_i exp(alpha_i(t-1) + log A_ij) + log B_j(o_t)
            alpha = logsumexp_rows(alpha[:, None].T + log_A.T) + log_B[:, obs[t]]
        return logsumexp_rows(alpha[None, :])[0]

    def filtered_state(self, params, obs):
        log_pi, log_A, log_B = self.unpack(params)
        _, w, _ = softmax_stats((log_pi + log_B[:, obs[0]])[None, :])
        return w[0]

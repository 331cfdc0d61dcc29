"""Score-function (REINFORCE) updates of the bandit policy."""

import jax
import jax.numpy as jnp

from policy import PAYOUTS, log_prob, rewards, sample_actions


def policy_update(logits, key, batch: int = 64, lr: float = 0.5):
    k_act, k_rew = jax.random.split(key)
    actions = sample_actions(k_act, logits, batch)
    r = rewards(k_rew, actions)
    baseline = jnp.mean(r)
    scores = jax.vmap(jax.grad(log_prob), in_axes=(0, None))(actions, logits)
    return logits + lr * jnp.mean((r - baseline)[:, None] * scores, axis=0)


def run(n_iters: int = 60):
    logits = jnp.zeros_like(PAYOUTS)
    key = jax.random.key(12)
    for _ in range(n_iters):
        key, sub = jax.random.split(key)
        logits = policy_update(logits, sub)
    return jax.nn.softmax(logits)


def main():
    probs = run()
    print("arm probabilities:", probs)


if __name__ == "__main__":
    main()

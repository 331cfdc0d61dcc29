"""Collect random transitions on a chain and train the weighted DQN from replay."""

import jax
import jax.numpy as jnp

from dqn import N_ACTIONS, N_STATES, WeightedDQN
from replay import PrioritizedReplay


def chain_transitions(key, n=256):
    k1, k2 = jax.random.split(key)
    s = jax.random.randint(k1, (n,), 0, N_STATES)
    a = jax.random.randint(k2, (n,), 0, N_ACTIONS)
    s_next = jnp.clip(s + 2 * a - 1, 0, N_STATES - 1)
    reward = (s_next == N_STATES - 1).astype(jnp.float32)
    eye = jnp.eye(N_STATES)
    return eye[s], a, reward, eye[s_next]


def main(iterations=30, batch_size=32):
    key = jax.random.PRNGKey(0)
    buffer = PrioritizedReplay(*chain_transitions(key))
    agent = WeightedDQN()
    params = {"w": jnp.zeros((N_STATES, N_ACTIONS)), "b": jnp.zeros(N_ACTIONS)}
    target = params
    for it in range(iterations):
        idx, batch = buffer.sample(jax.random.fold_in(key, it), batch_size)
        params, td = agent.update(params, target, batch, buffer.importance_weights(idx))
        buffer.update_priorities(idx, td)
        if it % 10 == 9:
            target = params
    v = jnp.max(params["w"] + params["b"], axis=1)
    print("state values:", [round(float(x), 2) for x in v])
    return v


if __name__ == "__main__":
    main()

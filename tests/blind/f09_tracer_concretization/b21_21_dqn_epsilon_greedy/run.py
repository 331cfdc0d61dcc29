"""Run episodes on a 6-state chain: action 1 moves right, reward at the end."""
import jax
import jax.numpy as jnp

from agent import DQNAgent

N_STATES = 6


def env_step(state, action):
    nxt = jnp.clip(state + jnp.where(action == 1, 1, -1), 0, N_STATES - 1)
    reward = jnp.where(nxt == N_STATES - 1, 1.0, 0.0)
    return nxt, reward


def main(episodes=5, max_steps=12):
    agent = DQNAgent(N_STATES, 2)
    params = agent.init(jax.random.key(0))
    key = jax.random.key(1)
    total = 0.0
    for ep in range(episodes):
        state = jnp.array(0)
        eps = max(0.1, 1.0 - 0.2 * ep)
        for _ in range(max_steps):
            key, sub = jax.random.split(key)
            action = agent.act(params, state, sub, eps)
            nxt, reward = env_step(state, action)
            params = agent.update(params, state, action, reward, nxt)
            total += float(reward)
            state = nxt
    print(f"total reward over {episodes} episodes: {total}")
    return params


if __name__ == "__main__":
    main()

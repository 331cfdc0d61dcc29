"""Monte-Carlo return of a softmax policy, rolled out under jit."""
import functools

import jax
import jax.numpy as jnp

from env import GridWorld


@functools.partial(jax.jit, static_argnums=(0, 3))
def episode_return(env, logits, key, horizon=12):
    def body(carry, k):
        pos, total = carry
        probs = jax.nn.softmax(logits[pos[0], pos[1]])
        action = jax.random.choice(k, 4, p=probs)
        pos, r = env.step(pos, action)
        return (pos, total + r), None

    keys = jax.random.split(key, horizon)
    (_, total), _ = jax.lax.scan(body, (jnp.array([0, 0]), 0.0), keys)
    return total


def main():
    env = GridWorld()
    logits = jnp.zeros((4, 4, 4))
    returns = [episode_return(env, logits, jax.random.key(i)) for i in range(4)]
    print("mean return", jnp.mean(jnp.array(returns)))


if __name__ == "__main__":
    main()

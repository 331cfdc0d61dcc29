"""An agent that owns its parameters and updates them from collected transitions."""
import jax
import jax.numpy as jnp

from a2c import A2CObjective, Transitions


class Agent:
    def __init__(self, key, obs_dim=4, n_actions=2, hidden=32, lr=0.01):
        k1, k2, k3 = jax.random.split(key, 3)
        self.params = {
            "torso": jax.random.normal(k1, (obs_dim, hidden)) * 0.5,
            "policy": jax.random.normal(k2, (hidden, n_actions)) * 0.1,
            "value": jax.random.normal(k3, (hidden, 1)) * 0.1,
        }
        self.objective = A2CObjective()
        self.lr = lr

    def update(self, batch: Transitions):
        loss, grads = jax.value_and_grad(self.objective)(self.params, batch)
        self.params = jax.tree_util.tree_map(lambda p, g: p - self.lr * g, self.params, grads)
        return loss


def fake_rollout(key, n=64):
    k1, k2, k3 = jax.random.split(key, 3)
    return Transitions(
        obs=jax.random.normal(k1, (n, 4)),
        action=jax.random.randint(k2, (n,), 0, 2),
        ret=jax.random.normal(k3, (n,)),
    )


def main():
    agent = Agent(jax.random.PRNGKey(0))
    for i in range(3):
        print(i, float(agent.update(fake_rollout(jax.random.PRNGKey(i)))))


if __name__ == "__main__":
    main()

"""A few PPO epochs on one synthetic rollout."""
import jax
import jax.numpy as jnp

from amp import scale_loss, unscale
from ppo import policy_logits, ppo_objective

LOSS_SCALE = 128.0


def init_policy(key, obs_dim=6, hidden=32, n_actions=3):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (obs_dim, hidden)) * 0.3,
        "b1": jnp.zeros(hidden),
        "w2": jax.random.normal(k2, (hidden, n_actions)) * 0.01,
    }


@jax.jit
def ppo_epoch(params, obs, actions, old_logp, advantages, lr=3e-2):
    grad_fn = jax.value_and_grad(scale_loss(ppo_objective, LOSS_SCALE), has_aux=True)
    (loss, stats), grads = grad_fn(params, obs, actions, old_logp, advantages)
    grads = unscale(grads, LOSS_SCALE)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss / LOSS_SCALE, stats


def main():
    key = jax.random.key(0)
    kp, ko, ka, kadv = jax.random.split(key, 4)
    params = init_policy(kp)
    obs = jax.random.normal(ko, (256, 6))
    actions = jax.random.categorical(ka, policy_logits(params, obs))
    old_logp = jnp.take_along_axis(jax.nn.log_softmax(policy_logits(params, obs)), actions[:, None], 1)[:, 0]
    advantages = jax.random.normal(kadv, (256,))
    advantages = (advantages - advantages.mean()) / advantages.std()
    for epoch in range(4):
        params, loss, stats = ppo_epoch(params, obs, actions, old_logp, advantages)
        print(f"epoch {epoch}: loss {float(loss):+.4f} entropy {float(stats['entropy']):.3f}")
    return stats


if __name__ == "__main__":
    main()

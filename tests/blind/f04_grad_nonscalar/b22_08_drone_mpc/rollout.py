"""Roll the swarm forward under a control sequence and total the stage costs."""

import jax

from dynamics import stage_cost, step


def rollout(x0, controls, target):
    def body(state, accel):
        nxt = step(state, accel)
        return nxt, stage_cost(nxt, accel, target)

    final, costs = jax.lax.scan(body, x0, controls)
    return final, costs


def trajectory_cost(x0, controls, target):
    final, costs = rollout(x0, controls, target)
    return costs.sum(axis=0), final

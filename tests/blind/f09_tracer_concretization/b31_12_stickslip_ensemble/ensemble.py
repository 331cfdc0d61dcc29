"""Recurrence of slip events across an ensemble of spring stiffnesses."""
import jax
import jax.numpy as jnp

from block import BlockParams, run


def count_events(velocities, threshold=0.01):
    slipping = velocities > threshold
    return jnp.sum(slipping[1:] & ~slipping[:-1])


def main(members=8):
    stiffness = jnp.linspace(50.0, 200.0, members)
    params = BlockParams(mass=1.0, stiffness=stiffness, normal=9.81, plate_speed=0.01)
    x0 = jnp.zeros(members)
    axes = BlockParams(None, 0, None, None)
    velocities = jax.vmap(run, in_axes=(axes, 0))(params, x0)
    events = jax.vmap(count_events)(velocities)
    for k, e in zip(stiffness, events):
        print(f"k = {float(k):6.1f} N/m: {int(e)} slip events")
    return events


if __name__ == "__main__":
    main()

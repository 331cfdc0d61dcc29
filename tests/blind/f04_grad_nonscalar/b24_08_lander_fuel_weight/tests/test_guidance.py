from descent import rollout
from guidance import STATE0, plan


def test_lands_softly():
    thrust, _ = plan(iters=400)
    (h, v, _), _ = rollout(thrust, STATE0)
    assert abs(h) < 5.0 and abs(v) < 5.0

import plan
from inventory import InventorySimulator


def test_short_plan():
    sim = InventorySimulator(plan.demand_history(T=4))
    levels, profit = plan.optimise(sim, iters=1)
    assert levels.shape == (4,)

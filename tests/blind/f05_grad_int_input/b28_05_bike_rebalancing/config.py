from types import SimpleNamespace

cfg = SimpleNamespace(
    n_stations=6,
    init_fleet=20,
    unmet_penalty=4.0,
    idle_cost=0.5,
    lr=0.2,
    steps=40,
)

from pipeline import run


def test_pipeline_learns():
    assert float(run(steps=5)["accuracy"]) > 0.5

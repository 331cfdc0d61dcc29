from regress import main
from metrics import HISTORY


def test_loss_is_logged():
    main(steps=3)
    assert len(HISTORY["nll"]) >= 3

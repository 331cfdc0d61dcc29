from study import main


def test_design_study():
    assert set(main()) == {"bigger rotor", "uprated generator"}

from generator.cli.main import run

run()

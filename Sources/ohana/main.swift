print("ohana")

print("GettingStarted")

import Foundation

// Entry point: argument parsing lives in Commands/; top-level code runs on the main thread, which the
// interactive UI needs (curses and the Dispatch sources of Run/RunLoop.swift live on the main queue).
SplitfeedCommand.start()

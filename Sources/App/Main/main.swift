import Foundation
import Reader

// Entry point: argument parsing lives in Commands/; top-level code runs on the main thread, which the
// interactive UI needs (curses and the Dispatch sources of Run/RunLoop.swift live on the main queue).
LibXML.initialize()  // before any thread can parse (see LibXML)
SplitfeedCommand.start()

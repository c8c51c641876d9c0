// A tester imports UIFlows alone to write flows over UIAutomation: the engine and
// UIAutomation come with it.
@_exported import Flows
@_exported import UIAutomation
